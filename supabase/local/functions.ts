import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { WebSocket } from 'ws';
import type { StackConfig } from './config.ts';
import { json, type ServiceHandler, type StackContext } from './context.ts';
import { createDenoFunctions, type DenoFunctions } from './denoFunctions.ts';

// Functions served by Node get what Deno has built in: supabase-js wants a WebSocket class at createClient.
(globalThis as Record<string, unknown>).WebSocket ??= WebSocket;

export type EdgeHandler = (req: Request) => Response | Promise<Response>;

/** What a function finds in its environment: this stack's address and keys, and the project's secrets. */
export function functionEnv(config: StackConfig): Record<string, string> {
  return {
    SUPABASE_URL: config.publicUrl,
    SUPABASE_ANON_KEY: config.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: config.serviceRoleKey,
    SITE_URL: config.siteUrl,
    // Mail from functions goes to this stack's mailbox (a Resend-compatible endpoint).
    RESEND_API_URL: `${config.publicUrl}/mail/resend`,
    RESEND_API_KEY: config.serviceRoleKey,
    ...config.functionSecrets,
  };
}

/**
 * /functions/v1/<name>. On Deno (functionsRuntime 'deno'): each function's own index.ts, as hosted
 * (denoFunctions.ts). On Node (the default, fastest to start): each supabase/functions/<name>/handler.ts
 * default-exports a standard (Request) => Response, imported here directly and served through
 * `wrap` (what the project's index.ts wraps it in); the handler reads its environment from process.env.
 * The caller's Authorization header is forwarded untouched either way.
 */
export function createFunctionsHandler(
  ctx: StackContext,
  wrap: (name: string, handler: EdgeHandler) => EdgeHandler = (_name, handler) => handler,
): DenoFunctions {
  if (ctx.config.functionsRuntime === 'deno') return createDenoFunctions(ctx.config.functionsDir, () => functionEnv(ctx.config));
  return { handler: nodeFunctions(ctx, wrap), close: () => Promise.resolve() };
}

function nodeFunctions(ctx: StackContext, wrap: (name: string, handler: EdgeHandler) => EdgeHandler): ServiceHandler {
  const cache = new Map<string, EdgeHandler>();
  return async (req, path) => {
    // Set per request: the port may only be known once listening.
    Object.assign(process.env, functionEnv(ctx.config));
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
      handler = wrap(name, mod.default);
      cache.set(name, handler);
    }
    return handler(req);
  };
}
