import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { WebSocket } from 'ws';
import { startLocalStack, type LocalStack, type StartOptions } from '../../supabase/local/server.ts';
import { openPglite } from '../../supabase/local/db/pglite.ts';
import { openPostgres } from '../../supabase/local/db/postgres.ts';
import type { Database } from '../../supabase/local/db/types.ts';

/**
 * Integration tests run against a fresh local stack on a free port. TEST_DB=postgres runs them on
 * a throw-away database in the real PostgreSQL at TEST_PG_URL (default postgres:postgres@127.0.0.1:5432);
 * otherwise on in-memory PGlite.
 */
export const testDbKind = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';
const adminUrl = process.env.TEST_PG_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

export interface TestStack extends LocalStack {
  anon(): SupabaseClient;
  service(): SupabaseClient;
  /** A client for the given access token (a signed-in user). */
  asUser(accessToken: string): SupabaseClient;
  /** Closes the stack and drops its throw-away database. */
  close(): Promise<void>;
}

export async function freshDatabase(kind = testDbKind): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const db = await openPglite();
    return { db, drop: async () => undefined };
  }
  const name = `ai_vault_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString());
  return {
    db,
    drop: async () => {
      await db.close();
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

export async function startTestStack(options: Omit<StartOptions, 'db'> = {}): Promise<TestStack> {
  const { db, drop } = await freshDatabase();
  const stack = await startLocalStack({
    ...options,
    db,
    config: {
      port: 0,
      logRequests: false,
      rateLimits: { signIn: 10_000, signUp: 10_000, recover: 10_000, emailSent: 10_000 },
      ...options.config,
    },
  });
  const client = (key: string, token?: string) =>
    createClient(stack.url, key, {
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
    },
  };
}
