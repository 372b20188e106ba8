import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { json, type ServiceHandler } from './context.ts';

const repoRoot = new URL('../../', import.meta.url).pathname;
const denoBin = join(repoRoot, 'node_modules/.bin/deno');
const router = new URL('./deno/router.ts', import.meta.url).pathname;

let registry: string | undefined;
/**
 * What Deno needs from this machine to fetch `npm:` packages: the registry npm uses (a mirror on
 * some machines; npm passes it to scripts only in lower case), its cache and the usual basics.
 */
export function denoEnv(): Record<string, string> {
  registry ??= process.env.NPM_CONFIG_REGISTRY ?? process.env.npm_config_registry ?? npmRegistry();
  const kept = ['PATH', 'HOME', 'TMPDIR', 'DENO_DIR', 'HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'NODE_EXTRA_CA_CERTS'];
  return {
    ...Object.fromEntries(kept.flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : []))),
    NPM_CONFIG_REGISTRY: registry,
  };
}

function npmRegistry(): string {
  try {
    return execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).trim();
  } catch {
    return 'https://registry.npmjs.org/';
  }
}

export interface DenoFunctions {
  handler: ServiceHandler;
  close(): Promise<void>;
}

/**
 * /functions/v1/<name> served by Deno, from each function's own index.ts (deno/router.ts), with
 * what hosted Supabase grants a function: network, its environment, reading its files — no writes,
 * no subprocesses. Deno starts at the first call, with the environment `env()` gives then (the
 * stack's address is known only once it listens); the import map and lock are the deploy's.
 */
export function createDenoFunctions(functionsDir: string, env: () => Record<string, string>): DenoFunctions {
  let child: ChildProcess | null = null;
  let ready: Promise<string> | null = null;

  const start = () =>
    new Promise<string>((resolve, reject) => {
      const args = ['run', '--quiet', '--no-prompt', '--frozen', '--config', join(functionsDir, 'deno.json')];
      const allow = ['--allow-net', '--allow-env', '--allow-read', '--allow-sys'];
      const proc = spawn(denoBin, [...args, ...allow, router], {
        env: { ...denoEnv(), ...env(), FUNCTIONS_DIR: functionsDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      createInterface({ input: proc.stdout! }).on('line', (line) => {
        const listening = /^listening (\d+)$/.exec(line);
        if (listening) resolve(`http://127.0.0.1:${listening[1]}`);
        else console.log(`[functions] ${line}`);
      });
      createInterface({ input: proc.stderr! }).on('line', (line) => console.error(`[functions] ${line}`));
      proc.once('error', reject);
      proc.once('exit', (code, signal) => {
        child = null;
        ready = null;
        reject(new Error(`Deno stopped before serving the functions (${signal ?? `exit ${code}`})`));
      });
    });

  const handler: ServiceHandler = async (req, path) => {
    ready ??= start();
    let base: string;
    try {
      base = await ready;
    } catch (error) {
      console.error('[functions]', error);
      return json({ code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' }, 503);
    }
    const headers = new Headers(req.headers);
    headers.set('x-forwarded-url', req.url);
    headers.delete('host');
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    let res: Response;
    try {
      res = await fetch(`${base}${path}${new URL(req.url).search}`, {
        method: req.method,
        headers,
        body: hasBody ? req.body : undefined,
        signal: req.signal,
        redirect: 'manual',
        ...(hasBody ? { duplex: 'half' } : {}),
      } as RequestInit);
    } catch (error) {
      if (req.signal.aborted) throw error;
      console.error('[functions]', error);
      return json({ code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' }, 546);
    }
    // fetch has already decoded a compressed body: its length and encoding no longer describe it.
    if (!res.headers.has('content-encoding')) return res;
    const plain = new Headers(res.headers);
    plain.delete('content-encoding');
    plain.delete('content-length');
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers: plain });
  };

  return {
    handler,
    async close() {
      const running = child;
      if (!running) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    },
  };
}
