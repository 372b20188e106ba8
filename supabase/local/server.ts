import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createAuthHandler } from './auth/index.ts';
import { loadConfig, type StackConfig } from './config.ts';
import { json, setPeerAddress, type ServiceHandler, type StackContext } from './context.ts';
import { migrate, type MigrationReport } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import type { Database } from './db/types.ts';
import { createFunctionsHandler, type EdgeHandler } from './functions.ts';
import { withJwtCheck } from './functionsGate.ts';
import { createMailHandler } from './mail/routes.ts';
import { Mailbox } from './mail/mailbox.ts';
import { createRealtime, type Realtime } from './realtime/index.ts';
import { createRestHandler, type RestResponse } from './rest/index.ts';
import { fetchResponse, nodeRestRequest, restInternalError, restPathOf, writeRestResponse } from './rest/node-http.ts';
import { declareLocalScheduler, startScheduler, type Scheduler } from './scheduler.ts';
import { ERRORS as STORAGE_ERRORS } from './storage/errors.ts';
import { createStorageHandler } from './storage/index.ts';

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers':
    'authorization, apikey, content-type, x-client-info, prefer, range, range-unit, accept, accept-profile, content-profile, x-supabase-api-version, x-upsert, x-region, x-metadata, cache-control',
  'access-control-expose-headers':
    'content-range, content-location, location, x-total-count, preference-applied, x-supabase-api-version, retry-after',
  'access-control-max-age': '86400',
};

/** Paths under /auth/v1 a browser opens directly (mail links, OAuth redirects): no apikey needed, as behind Kong. */
const OPEN_AUTH_PATHS = ['/verify', '/callback', '/authorize', '/health', '/settings'];

export interface LocalStack {
  url: string;
  config: StackConfig;
  db: Database;
  mailbox: Mailbox;
  server: Server;
  migrations: MigrationReport;
  /**
   * `supabase secrets set` / `unset` for the Edge Functions (null removes one): the functions see
   * the new values from their next request on (on Deno, a restarted worker, as hosted).
   */
  setFunctionSecrets(changes: Record<string, string | null>): Promise<void>;
  stop(): Promise<void>;
}

export interface StartOptions {
  config?: Partial<StackConfig>;
  /** An already-open database (tests); otherwise DATABASE_URL or PGlite in dataDir. */
  db?: Database;
  databaseUrl?: string;
  dataDir?: string;
  supabaseDir?: string;
  /** Cancels start-up (Ctrl-C while migrating): the database opened so far is closed, then it rejects. */
  signal?: AbortSignal;
  /**
   * How the Node runtime serves a function's handler.ts: a project whose index.ts wraps the handler
   * (AI Vault's records failures for monitoring) passes the same wrapper, so both runtimes behave alike.
   */
  wrapFunction?: (name: string, handler: EdgeHandler) => EdgeHandler;
}

const portInUse = (config: StackConfig) =>
  new Error(
    `Port ${config.port} on ${config.host} is already in use. Stop what is using it (is another "npm start" running?) or set STACK_PORT.`,
  );

/** A taken port is said at once, before the database opens and migrates (tens of seconds on a new folder). */
async function assertPortFree(config: StackConfig): Promise<void> {
  if (config.port === 0) return;
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'EADDRINUSE' ? portInUse(config) : error));
    probe.listen(config.port, config.host, () => probe.close(() => resolve()));
  });
}

export async function startLocalStack(options: StartOptions = {}): Promise<LocalStack> {
  const config = loadConfig(options.config);
  const { signal } = options;
  signal?.throwIfAborted();
  await assertPortFree(config);
  const db = options.db ?? (await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir }));
  const closeOwnDb = async () => {
    if (!options.db) await db.close();
  };
  let migrations: MigrationReport;
  try {
    migrations = await migrate(db, options.supabaseDir, signal);
    // What pg_cron's job tells on hosted Supabase: whether scheduled workflows run here.
    await declareLocalScheduler(db, config.schedulerIntervalMs > 0);
    signal?.throwIfAborted();
  } catch (error) {
    await closeOwnDb();
    throw error;
  }
  const mailbox = new Mailbox();
  const ctx: StackContext = { config, db, mailbox };
  let realtime: Realtime;
  try {
    realtime = await createRealtime(ctx);
  } catch (error) {
    await closeOwnDb();
    throw error;
  }
  const rest = createRestHandler(ctx);
  const functions = createFunctionsHandler(ctx, options.wrapFunction);
  const services: [string, ServiceHandler][] = [
    ['/rest/v1', async (req, path) => fetchResponse(await rest(req, path))],
    ['/auth/v1', createAuthHandler(ctx)],
    ['/functions/v1', withJwtCheck(ctx, functions.handler)],
    ['/storage/v1', createStorageHandler(ctx)],
    ['/mail', createMailHandler(ctx)],
    ['/realtime/v1', realtime.handler],
  ];
  const validKeys = new Set([config.anonKey, config.serviceRoleKey]);

  async function route(req: Request): Promise<Response> {
    const url = new URL(req.url);
    // Preflights end at the gateway, except for Edge Functions, which answer their own (as hosted:
    // a function lists the headers it accepts, e.g. the ai-relay's x-provider-key).
    if (req.method === 'OPTIONS' && !url.pathname.startsWith('/functions/v1/')) return new Response(null, { status: 204 });
    if (url.pathname === '/' || url.pathname === '/health') {
      return json({
        name: 'AI Vault local stack',
        rest: '/rest/v1',
        auth: '/auth/v1',
        storage: '/storage/v1',
        functions: '/functions/v1',
        realtime: '/realtime/v1',
        mail: '/mail',
      });
    }
    for (const [prefix, handler] of services) {
      if (url.pathname !== prefix && !url.pathname.startsWith(prefix + '/')) continue;
      const path = url.pathname.slice(prefix.length) || '/';
      const needsKey =
        prefix === '/rest/v1' || prefix === '/realtime/v1' || (prefix === '/auth/v1' && !OPEN_AUTH_PATHS.some((p) => path.startsWith(p)));
      if (needsKey) {
        const apikey = req.headers.get('apikey') ?? url.searchParams.get('apikey');
        if (!apikey)
          return json({ message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' }, 401);
        if (!validKeys.has(apikey))
          return json({ message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' }, 401);
      }
      return handler(req, path);
    }
    return json({ message: 'no Route matched with those values' }, 404);
  }

  async function onRequest(nodeReq: IncomingMessage, nodeRes: ServerResponse): Promise<void> {
    const started = performance.now();
    let status = 500;
    try {
      const chunks: Buffer[] = [];
      let size = 0;
      // Uploads get Storage's global file size limit instead of the API body limit.
      const isStorage = (nodeReq.url ?? '').startsWith('/storage/v1/');
      const maxBytes = isStorage ? config.storageFileSizeLimit : config.maxBodyBytes;
      // A request with neither header has no body (HTTP/1.1): its stream need not be read.
      const framed = nodeReq.headers['content-length'] !== undefined || nodeReq.headers['transfer-encoding'] !== undefined;
      for await (const chunk of framed ? nodeReq : []) {
        size += (chunk as Buffer).length;
        if (size > maxBytes) {
          status = isStorage ? 400 : 413;
          // The rest of the body is never read, so this keep-alive socket can't carry another
          // request: tell the client and close it.
          const answer = isStorage
            ? STORAGE_ERRORS.tooLarge().toResponse()
            : json({ message: 'Request body too large', code: 'PGRST413' }, 413);
          answer.headers.set('connection', 'close');
          await writeResponse(nodeRes, answer);
          nodeReq.destroy();
          return;
        }
        chunks.push(chunk as Buffer);
      }
      const origin = `http://${nodeReq.headers.host ?? `${config.host}:${config.port}`}`;
      // REST with a valid key skips the fetch Request/Response objects (a good share of a short request's cost).
      const restPath = nodeReq.method === 'OPTIONS' ? null : restPathOf(nodeReq, origin, validKeys);
      if (restPath) {
        const body = chunks.length ? Buffer.concat(chunks) : undefined;
        const res = await rest(nodeRestRequest(nodeReq, origin, body), restPath).catch((error: unknown): RestResponse => {
          console.error('[stack] unhandled error', error);
          return restInternalError();
        });
        status = res.status;
        writeRestResponse(nodeRes, res, CORS_HEADERS, nodeReq.method === 'HEAD');
        return;
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(nodeReq.headers)) {
        if (value === undefined) continue;
        headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const hasBody = !['GET', 'HEAD'].includes(nodeReq.method ?? 'GET') && chunks.length > 0;
      // The client hanging up aborts the request's signal, as on hosted Supabase (a streamed
      // generation that the user stops must see it).
      const hangUp = new AbortController();
      nodeRes.once('close', () => {
        if (!nodeRes.writableFinished) hangUp.abort();
      });
      const req = new Request(`${origin}${nodeReq.url ?? '/'}`, {
        method: nodeReq.method,
        headers,
        body: hasBody ? Buffer.concat(chunks) : undefined,
        signal: hangUp.signal,
      });
      setPeerAddress(req, nodeReq.socket.remoteAddress);
      const res = await route(req).catch((error: unknown) => {
        console.error('[stack] unhandled error', error);
        return json({ code: 'XX000', message: 'Internal server error', details: null, hint: null }, 500);
      });
      status = res.status;
      await writeResponse(nodeRes, res, nodeReq.method === 'HEAD');
    } finally {
      if (config.logRequests) {
        const ms = (performance.now() - started).toFixed(1);
        console.log(`${nodeReq.method} ${(nodeReq.url ?? '').split('?')[0]} ${status} ${ms}ms`);
      }
    }
  }

  const server = createServer((req, res) => void onRequest(req, res));
  server.on('upgrade', (req, socket, head) => realtime.upgrade(req, socket, head));
  server.keepAliveTimeout = 65_000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) => {
        reject(error.code === 'EADDRINUSE' ? portInUse(config) : error);
      });
      server.listen(config.port, config.host, () => resolve());
    });
  } catch (error) {
    await realtime.close();
    await closeOwnDb();
    throw error;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host}:${port}`;
  if (config.port === 0) config.publicUrl = url;
  config.port = port;
  // What pg_cron calls every minute on hosted Supabase: scheduled workflows and monitoring alerts.
  const schedulers: Scheduler[] =
    config.schedulerIntervalMs > 0
      ? ['run-scheduled-workflows', 'monitoring-alerts'].map((name) =>
          startScheduler({
            url: `${config.publicUrl}/functions/v1/${name}`,
            serviceRoleKey: config.serviceRoleKey,
            intervalMs: config.schedulerIntervalMs,
          }),
        )
      : [];

  return {
    url,
    config,
    db,
    mailbox,
    server,
    migrations,
    async setFunctionSecrets(changes) {
      const changed = Object.entries(changes).filter(([name, value]) => (config.functionSecrets[name] ?? null) !== value);
      if (changed.length === 0) return;
      for (const [name, value] of changed) {
        if (value === null) {
          delete config.functionSecrets[name];
          if (config.functionsRuntime === 'node') delete process.env[name];
        } else config.functionSecrets[name] = value;
      }
      await functions.close();
    },
    async stop() {
      await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
      await functions.close();
      await realtime.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      if (!options.db) await db.close();
    },
  };
}

/** Writes the response as its body arrives (streamed answers reach the client chunk by chunk). */
async function writeResponse(nodeRes: ServerResponse, res: Response, headOnly = false): Promise<void> {
  const headers: Record<string, string> = { ...CORS_HEADERS };
  res.headers.forEach((value, name) => {
    headers[name] = value;
  });
  nodeRes.writeHead(res.status, headers);
  if (headOnly || res.body === null) {
    nodeRes.end();
    return;
  }
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      if (nodeRes.destroyed) break;
      nodeRes.write(chunk);
    }
  } catch (error) {
    // A client that hung up aborts the body it was reading (nothing to tell anyone); any other failure midway is logged.
    if (!nodeRes.destroyed) console.error('[stack] response body failed midway', error);
  } finally {
    nodeRes.end();
  }
}
