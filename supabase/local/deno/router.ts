/**
 * Runs on Deno (`deno run`, started by supabase/local/denoFunctions.ts): serves every Edge Function
 * from its own index.ts, as the Edge Runtime does on hosted Supabase. `Deno.serve` is taken over
 * while an index.ts is imported so the handler it passes is kept and called here; imports happen
 * one at a time, so each captured handler belongs to the function being imported. The first line
 * on stdout is `listening <port>`. Requests arrive as /<function>/<rest>, with the URL the caller
 * used in x-forwarded-url.
 */

type Handler = (req: Request) => Response | Promise<Response>;
interface DenoServer {
  finished: Promise<void>;
  shutdown(): Promise<void>;
}
declare const Deno: {
  env: { get(name: string): string | undefined };
  stat(path: string): Promise<unknown>;
  serve(options: { hostname: string; port: number; onListen(addr: { port: number }): void }, handler: Handler): DenoServer;
  serve(handler: Handler): DenoServer;
};

const functionsDir = Deno.env.get('FUNCTIONS_DIR') ?? '';
const serve = Deno.serve.bind(Deno);
/** Per function: its handler, null when its index.ts failed to start, undefined when there is none. */
const handlers = new Map<string, Promise<Handler | null | undefined>>();
let importing: Promise<unknown> = Promise.resolve();

const folder = functionsDir.endsWith('/') ? functionsDir : `${functionsDir}/`;
const exists = (path: string) =>
  Deno.stat(path).then(
    () => true,
    () => false,
  );

function load(name: string): Promise<Handler | null> {
  const loading = importing.then(async () => {
    let captured: Handler | null = null;
    (Deno as { serve: unknown }).serve = (handler: Handler) => {
      captured = handler;
      return { finished: Promise.resolve(), shutdown: () => Promise.resolve() };
    };
    try {
      await import(new URL(`${name}/index.ts`, `file://${folder}`).href);
    } catch (error) {
      console.error(`[functions] ${name} failed to start:`, error);
    } finally {
      (Deno as { serve: unknown }).serve = serve;
    }
    return captured;
  });
  importing = loading.catch(() => undefined);
  return loading;
}

const answer = (status: number, code: string, message: string) =>
  new Response(JSON.stringify({ code, message }), { status, headers: { 'content-type': 'application/json' } });

serve({ hostname: '127.0.0.1', port: 0, onListen: ({ port }) => console.log(`listening ${port}`) }, async (req) => {
  const url = new URL(req.url);
  const name = url.pathname.split('/')[1] ?? '';
  if (!/^[a-z0-9][a-z0-9_-]*$/i.test(name) || name.startsWith('_')) return answer(404, 'NOT_FOUND', 'Requested function was not found');
  let handler = handlers.get(name);
  if (!handler) {
    // Kept before any await: a module is evaluated once, so a second import would capture nothing.
    handler = exists(`${folder}${name}/index.ts`).then((found) => (found ? load(name) : undefined));
    handlers.set(name, handler);
  }
  const run = await handler;
  if (run === undefined) {
    handlers.delete(name);
    return answer(404, 'NOT_FOUND', 'Requested function was not found');
  }
  if (!run) return answer(503, 'BOOT_ERROR', 'Function failed to start (please check logs)');
  const headers = new Headers(req.headers);
  const original = headers.get('x-forwarded-url') ?? req.url;
  headers.delete('x-forwarded-url');
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.arrayBuffer();
  return run(new Request(original, { method: req.method, headers, body, signal: req.signal }));
});
