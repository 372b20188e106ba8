import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadConfig } from './config.ts';
import { startLocalStack, type LocalStack, type StartOptions } from './server.ts';

/** What a project adds to the stack's command line (scripts/stack.ts in AI Vault). */
export interface StackCliHooks {
  /** How the Node runtime serves each function's handler (see StartOptions.wrapFunction). */
  wrapFunction?: StartOptions['wrapFunction'];
  /** Runs once the stack serves (not with --exit); what it returns is printed. */
  onReady?: (stack: LocalStack) => Promise<string | undefined>;
}

/**
 * The Docker-free local Supabase's command line: main.ts, or a project's own script that adds hooks.
 *   --reset   wipe the PGlite data folder first       --exit   migrate, then stop (db:reset)
 * DATABASE_URL switches from PGlite (.data/pglite) to a real PostgreSQL.
 * Run it with `node --import tsx` (as the npm scripts do), not the tsx CLI: the CLI relays signals
 * to a child process and kills it outright when the child takes over 30 ms to answer, which a busy
 * machine does, and a killed PGlite loses what it had not flushed.
 */
const args = new Set(process.argv.slice(2));
const dataDir = process.env.PGLITE_DATA_DIR ?? new URL('../../.data/pglite', import.meta.url).pathname;
const databaseUrl = process.env.DATABASE_URL || undefined;
const secretsDir = process.env.STACK_SECRETS_DIR ?? new URL('../../.data/secrets', import.meta.url).pathname;

// The signal handlers come first in runStackCli, so a Ctrl-C at any moment (opening the database, migrating,
// serving) stops cleanly: start-up is cancelled between migrations, whatever was opened is closed
// (PGlite flushes its folder on close), and the process exits 0.
const startup = new AbortController();
let starting: Promise<LocalStack> | undefined;
let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the local stack (closing connections, flushing the database)…`);
  startup.abort();
  const stack = await starting?.catch(() => undefined);
  await stack?.stop();
  process.exit(0);
}

/**
 * The stack's secrets, kept outside the database so a dump of it opens nothing: from the
 * environment, else made once into .data/secrets. PROVIDER_KEYS_SECRET (the provider-keys
 * function) encrypts AI provider keys, AUTH_DB_ENCRYPTION_KEY encrypts TOTP secrets. Losing a file
 * makes what it sealed unreadable (users enter keys again, re-enrol two-factor).
 */
async function secret(envName: string, fileName: string): Promise<string> {
  if (process.env[envName]) return process.env[envName]!;
  const file = join(secretsDir, fileName);
  const existing = (await readFile(file, 'utf8').catch(() => '')).trim();
  if (existing) return existing;
  const made = randomBytes(32).toString('base64');
  await mkdir(secretsDir, { recursive: true, mode: 0o700 });
  await writeFile(file, `${made}\n`, { mode: 0o600 });
  return made;
}

async function start(hooks: StackCliHooks): Promise<LocalStack> {
  if (args.has('--reset') && !databaseUrl) await rm(dataDir, { recursive: true, force: true });
  if (!databaseUrl) await mkdir(dataDir, { recursive: true });
  return startLocalStack({
    wrapFunction: hooks.wrapFunction,
    databaseUrl,
    dataDir: databaseUrl ? undefined : dataDir,
    signal: startup.signal,
    config: {
      functionSecrets: {
        ...loadConfig().functionSecrets,
        PROVIDER_KEYS_SECRET: await secret('PROVIDER_KEYS_SECRET', 'provider-keys.secret'),
      },
      authEncryptionKey: await secret('AUTH_DB_ENCRYPTION_KEY', 'auth-db.secret'),
    },
  });
}

export async function runStackCli(hooks: StackCliHooks = {}): Promise<void> {
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  console.log(`Starting the local stack (${databaseUrl ? 'PostgreSQL' : 'PGlite'})…`);
  let stack: LocalStack;
  try {
    starting = start(hooks);
    stack = await starting;
  } catch (error) {
    if (stopping) return; // Ctrl-C during start-up: shutdown() closes and exits.
    console.error(`\n✖ local stack failed to start: ${(error as Error).message}\n`);
    process.exit(1);
  }
  if (stopping) return;

  if (args.has('--exit')) {
    await stack.stop();
    process.exit(0);
  }

  const { url, config, migrations } = stack;
  const migrationLine = migrations.applied.length
    ? `applied ${migrations.applied.length} migration(s)${migrations.seeded ? ' and seed.sql' : ''}`
    : 'up to date';
  console.log(`
AI Vault local stack (Supabase-compatible) — database: ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`}
  API URL        ${url}
  REST           ${url}/rest/v1
  Auth           ${url}/auth/v1
  Functions      ${url}/functions/v1/<name>
  Mailbox        ${url}/mail   (readable from this machine only)
  Migrations     ${migrationLine}
  JWT secret     ${config.jwtSecret}
  anon key       ${config.anonKey}
  service_role   ${config.serviceRoleKey}
`);

  if (hooks.onReady) {
    // A failing hook is reported; the stack keeps serving.
    try {
      const said = await hooks.onReady(stack);
      if (said) console.log(`${said}\n`);
    } catch (error) {
      console.error(`✖ ${(error as Error).message}\n`);
    }
  }
}
