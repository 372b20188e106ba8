import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { WebSocket } from 'ws';
import { startLocalStack, type LocalStack, type StartOptions } from '@/supabase/local/server.ts';
import { monitored } from '@/supabase/functions/_shared/monitoring.ts';
import { openPglite } from '@/supabase/local/db/pglite.ts';
import { openPostgres } from '@/supabase/local/db/postgres.ts';
import type { Database } from '@/supabase/local/db/types.ts';
import type { AppClient } from '@/shared/data/supabase.ts';
import type { Database as Schema } from '@/shared/data/database.types.ts';
import { pgAdmin, pgDatabaseUrl, pgTemplate, pgliteTemplate, type TemplateKind } from './db-templates.ts';

/**
 * Integration tests run against a fresh local stack on a free port. TEST_DB=postgres runs them on
 * a throw-away database in the real PostgreSQL at TEST_PG_URL (default postgres:postgres@127.0.0.1:5432);
 * otherwise on in-memory PGlite.
 */
export const testDbKind = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

export interface TestStack extends LocalStack {
  anon(): AppClient;
  service(): AppClient;
  /** A client for the given access token (a signed-in user). */
  asUser(accessToken: string): AppClient;
  /** Closes the stack and drops its throw-away database. */
  close(): Promise<void>;
}

/** A stack seen through untyped clients: for tests that query tables of their own (rest-fixture.ts). */
export type UntypedTestStack = Omit<TestStack, 'anon' | 'service' | 'asUser'> & {
  anon(): SupabaseClient;
  service(): SupabaseClient;
  asUser(accessToken: string): SupabaseClient;
};

/**
 * A throw-away database: empty, or with every migration and the seed applied (`migrated`), copied
 * from the run's prepared template when there is one (tests/helpers/db-templates.ts).
 */
export async function freshDatabase(
  kind = testDbKind,
  options: { migrated?: boolean } = {},
): Promise<{ db: Database; drop: () => Promise<void>; /** PostgreSQL's connection string (another process may open it). */ url?: string }> {
  const template: TemplateKind = options.migrated ? 'migrated' : 'blank';
  if (kind === 'pglite') {
    const db = await openPglite(undefined, { loadDataDir: await pgliteTemplate(template) });
    return { db, drop: async () => undefined };
  }
  const name = `ai_vault_test_${randomBytes(6).toString('hex')}`;
  const from = options.migrated ? pgTemplate() : undefined;
  await pgAdmin(async (admin) => {
    await admin.query(`create database ${name}${from ? ` template ${from}` : ''}`);
    // Throw-away data: no need to wait for the disk at each commit (several times faster writes).
    await admin.query(`alter database ${name} set synchronous_commit = off`);
  });
  const url = pgDatabaseUrl(name);
  const db = await openPostgres(url);
  return {
    db,
    url,
    drop: async () => {
      await db.close();
      await pgAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

export async function startTestStack(options: Omit<StartOptions, 'db'> = {}): Promise<TestStack> {
  const { db, drop } = await freshDatabase(testDbKind, { migrated: !options.supabaseDir });
  const storageDir = await mkdtemp(join(tmpdir(), 'ai-vault-storage-'));
  const stack = await startLocalStack({
    // As the functions' index.ts on hosted Supabase: failures are recorded for monitoring.
    wrapFunction: monitored,
    ...options,
    db,
    config: {
      port: 0,
      logRequests: false,
      rateLimits: { signIn: 10_000, signUp: 10_000, recover: 10_000, emailSent: 10_000 },
      functionSecrets: { PROVIDER_KEYS_SECRET: randomBytes(32).toString('base64') },
      authEncryptionKey: randomBytes(32).toString('base64'),
      // Off unless a test asks for it: scheduled runs are started by calling the function, so a
      // tick never lands in the middle of another test's checks.
      schedulerIntervalMs: 0,
      storageDir,
      // TEST_FUNCTIONS_RUNTIME=deno serves the Edge Functions from Deno, as hosted (npm test runs the
      // functions' own files so once more).
      functionsRuntime: process.env.TEST_FUNCTIONS_RUNTIME === 'deno' ? 'deno' : 'node',
      ...options.config,
    },
  });
  const client = (key: string, token?: string) =>
    createClient<Schema>(stack.url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
      global: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
    });
  return {
    ...stack,
    anon: () => client(stack.config.anonKey),
    service: () => client(stack.config.serviceRoleKey),
    asUser: (token) => client(stack.config.anonKey, token),
    async close() {
      await stack.stop();
      await drop();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}
