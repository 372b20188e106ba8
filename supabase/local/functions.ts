import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { WebSocket } from 'ws';
import { monitored } from '../functions/_shared/monitoring.ts';
import { json, type ServiceHandler, type StackContext } from './context.ts';

// Functions served by Node get what Deno has built in: supabase-js wants a WebSocket class at createClient.
(globalThis as Record<string, unknown>).WebSocket ??= WebSocket;

type EdgeHandler = (req: Request) => Response | Promise<Response>;

/**
 * /functions/v1/<name>: each supabase/functions/<name>/handler.ts default-exports a standard
 * (Request) => Response; its index.ts passes it to Deno.serve on hosted Supabase. Here we import
 * handler.ts directly. The caller's Authorization header is forwarded untouched; the handler gets
 * SUPABASE_URL / keys through process env (Deno.env on hosted Supabase).
 */
export function createFunctionsHandler(ctx: StackContext): ServiceHandler {
  const cache = new Map<string, EdgeHandler>();
  return async (req, path) => {
    // This stack's address and keys, set per request: the port may only be known once listening.
    process.env.SUPABASE_URL = ctx.config.publicUrl;
    process.env.SUPABASE_ANON_KEY = ctx.config.anonKey;
    process.env.SUPABASE_SERVICE_ROLE_KEY = ctx.config.serviceRoleKey;
    process.env.SITE_URL = ctx.config.siteUrl;
    // Mail from functions goes to this stack's mailbox (a Resend-compatible endpoint).
    process.env.RESEND_API_URL = `${ctx.config.publicUrl}/mail/resend`;
    process.env.RESEND_API_KEY = ctx.config.serviceRoleKey;
    Object.assign(process.env, ctx.config.functionSecrets);
    const name = path.split('/')[1] ?? '';
    if (!/^[a-z0-9][a-z0-9_-]*$/i.test(name)) return json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404);
    let handler = cache.get(name);
    if (!handler) {
      const file = join(ctx.config.functionsDir, name, 'handler.ts');
      try {
        await access(file);
      } catch {
        return json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404);
      }
      const mod = (await import(pathToFileURL(file).href)) as { default?: EdgeHandler };
      if (typeof mod.default !== 'function')
        return json({ code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' }, 503);
      // Served as index.ts serves it on hosted Supabase: errors are recorded for monitoring.
      handler = monitored(name, mod.default);
      cache.set(name, handler);
    }
    return handler(req);
  };
}
