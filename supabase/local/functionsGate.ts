import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { json, type ServiceHandler, type StackContext } from './context.ts';
import { bearerToken, verifyJwt } from './jwt.ts';

/**
 * What hosted Supabase checks before a function runs (`verify_jwt`, on unless supabase/config.toml
 * says `verify_jwt = false` for that function): the Authorization header carries a JWT this project
 * signed and that has not expired — the anon or service role key, or a user's access token.
 * Preflights pass, as browsers send them without credentials. A caller that forgets the header
 * fails here as it would on the hosted project.
 */
function functionsWithoutJwtCheck(functionsDir: string): Set<string> {
  const configFile = join(functionsDir, '..', 'config.toml');
  if (!existsSync(configFile)) return new Set();
  const open = new Set<string>();
  const sections = readFileSync(configFile, 'utf8').split(/^\[/m);
  for (const section of sections) {
    const name = /^functions\.([a-z0-9_-]+)\]/i.exec(section)?.[1];
    if (name && /^verify_jwt\s*=\s*false\s*$/m.test(section)) open.add(name);
  }
  return open;
}

export function withJwtCheck(ctx: StackContext, handler: ServiceHandler): ServiceHandler {
  const open = functionsWithoutJwtCheck(ctx.config.functionsDir);
  return async (req, path) => {
    const name = path.split('/')[1] ?? '';
    if (req.method === 'OPTIONS' || open.has(name)) return handler(req, path);
    const token = bearerToken(req);
    if (!token) return json({ code: 401, message: 'Missing authorization header' }, 401);
    const verified = await verifyJwt(token, ctx.config);
    if (!verified.ok) return json({ code: 401, message: 'Invalid JWT' }, 401);
    return handler(req, path);
  };
}
