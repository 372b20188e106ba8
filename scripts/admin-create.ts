import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createClient } from '@supabase/supabase-js';
import { WebSocket } from 'ws';
import { DEFAULT_PORT, DEFAULT_SERVICE_ROLE_KEY } from '../supabase/local/config.ts';
import { ensureMasterAdmin, type MasterAdminRequest, type MasterAdminResult } from '../shared/data/admin/accounts.ts';

/**
 * `npm run admin:create -- <email> [--password <password>] [--name <name>]`
 *
 * Makes <email> a master admin: creates the account (confirmed) if it does not exist, or promotes
 * it. Without --password a new account gets a generated password, printed once; an existing
 * account keeps its password. MASTER_ADMIN_PASSWORD works instead of --password (keeps it out of
 * the shell history). Talks to SUPABASE_URL (default: the local stack) with
 * SUPABASE_SERVICE_ROLE_KEY (default: the local stack's key) — so it works for a hosted project too.
 *
 * `npm run stack` / `npm start` (scripts/stack.ts) do the same once the local stack serves when
 * MASTER_ADMIN_EMAIL (and optionally MASTER_ADMIN_PASSWORD, MASTER_ADMIN_NAME) is set: see masterAdminFromEnv.
 */

export function serviceClient(url: string, serviceRoleKey: string) {
  return createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // supabase-js wants a WebSocket even when realtime is unused; Node 20 has none built in.
    realtime: { transport: WebSocket as never },
  });
}

export function describeResult(result: MasterAdminResult): string {
  const what = result.created ? 'created' : result.promoted ? 'promoted' : 'already';
  const lines = [what === 'already' ? `${result.email} is a master admin (no change).` : `${result.email} ${what} as master admin.`];
  if (result.generatedPassword)
    lines.push(`Password (shown once, change it in Settings or via Forgot password): ${result.generatedPassword}`);
  return lines.join('\n');
}

/** The stack's MASTER_ADMIN_EMAIL: null when unset, else what was done (a line for the start banner). */
export async function masterAdminFromEnv(url: string, serviceRoleKey: string, env = process.env): Promise<string | null> {
  const email = env.MASTER_ADMIN_EMAIL?.trim();
  if (!email) return null;
  const request: MasterAdminRequest = { email, password: env.MASTER_ADMIN_PASSWORD || undefined, name: env.MASTER_ADMIN_NAME || undefined };
  const result = await ensureMasterAdmin(serviceClient(url, serviceRoleKey), request);
  if (result.error) throw new Error(result.error.message);
  return describeResult(result.data);
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { password: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const email = positionals[0];
  if (values.help || !email || positionals.length > 1) {
    console.log('Usage: npm run admin:create -- <email> [--password <password>] [--name <name>]');
    process.exit(values.help ? 0 : 2);
  }
  const url = process.env.SUPABASE_URL || `http://127.0.0.1:${process.env.STACK_PORT || DEFAULT_PORT}`;
  const key = process.env.SUPABASE_SERVICE_ROLE_KEY || DEFAULT_SERVICE_ROLE_KEY;
  const giveUp = (message: string, cause?: unknown): never => {
    const down = /fetch failed|ECONNREFUSED/i.test(message) || /fetch failed/i.test(String(cause ?? ''));
    console.error(`✖ ${down ? `No Supabase at ${url}: start it with \`npm start\` or \`npm run stack\`, or set SUPABASE_URL.` : message}`);
    process.exit(1);
  };
  try {
    const result = await ensureMasterAdmin(serviceClient(url, key), {
      email,
      password: values.password ?? (process.env.MASTER_ADMIN_PASSWORD || undefined),
      name: values.name,
    });
    if (result.error) giveUp(result.error.message);
    else console.log(describeResult(result.data));
  } catch (error) {
    giveUp((error as Error).message, (error as Error).cause);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
