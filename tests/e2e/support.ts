import { randomBytes } from 'node:crypto';
import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js';
import type { Page } from '@playwright/test';
import { WebSocket } from 'ws';
import { DEFAULT_ANON_KEY, DEFAULT_SERVICE_ROLE_KEY } from '@/supabase/local/config.ts';
import type { MailMessage } from '@/supabase/local/mail/mailbox.ts';
import { decryptKey } from '@/shared/core/keyCipher.ts';
import { FAKE_OPENAI_GOOD_KEY } from '../fixtures/fake-openai.ts';
import { OLLAMA_MODELS } from '../fixtures/fake-providers/ollama.ts';
import { OPENAI_MODELS } from '../fixtures/fake-providers/openai.ts';
import { STACK_URL } from './ports.ts';

/** Helpers for e2e specs: users made through the real Auth admin API of the e2e stack, the mailbox, sessions. */

const TEST_PASSWORD = 'correct-horse-42';
export type { AppRole } from '@/shared/core/admin/roles.ts';
import type { AppRole } from '@/shared/core/admin/roles.ts';

// supabase-js needs a WebSocket for realtime even when unused; Node 20 has none built in.
const nodeClient = (key: string): SupabaseClient =>
  createClient(STACK_URL, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });

export const serviceClient = (): SupabaseClient => nodeClient(DEFAULT_SERVICE_ROLE_KEY);
export const anonClient = (): SupabaseClient => nodeClient(DEFAULT_ANON_KEY);

/** A fresh address per test, so tests never share accounts or mail. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${randomBytes(5).toString('hex')}@example.com`;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
}

/** A confirmed user (Auth admin API), optionally with a database role set by the service role. */
export async function createUser(options: { email?: string; password?: string; role?: AppRole; name?: string } = {}): Promise<TestUser> {
  const email = options.email ?? uniqueEmail(options.role ?? 'user');
  const password = options.password ?? TEST_PASSWORD;
  const service = serviceClient();
  const { data, error } = await service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: options.name ? { name: options.name } : {},
  });
  if (error || !data.user) throw new Error(`createUser ${email}: ${error?.message}`);
  if (options.role) {
    const { error: roleError } = await service.from('profiles').update({ role: options.role }).eq('id', data.user.id);
    if (roleError) throw new Error(`set role ${options.role}: ${roleError.message}`);
  }
  return { id: data.user.id, email, password };
}

/** Signs in through the Auth API (not the UI) and returns the session. */
export async function passwordSession(user: TestUser): Promise<Session> {
  const { data, error } = await anonClient().auth.signInWithPassword({ email: user.email, password: user.password });
  if (error || !data.session) throw new Error(`sign in ${user.email}: ${error?.message}`);
  return data.session;
}

/** supabase-js's storage key for the dashboard's session (derived from the stack's host). */
export const SESSION_STORAGE_KEY = `sb-${new URL(STACK_URL).hostname.split('.')[0]}-auth-token`;

/**
 * Starts the page signed in as `user` (session put where supabase-js keeps it) — for tests whose
 * subject is not the sign-in screen itself. Call before the first `page.goto`.
 */
export async function signInAs(page: Page, user: TestUser): Promise<Session> {
  const session = await passwordSession(user);
  await page.addInitScript(
    ([key, value]) => {
      // Once per tab: a later sign-out must stick across reloads.
      if (window.sessionStorage.getItem('e2e-session-seeded')) return;
      window.sessionStorage.setItem('e2e-session-seeded', '1');
      window.localStorage.setItem(key!, value!);
    },
    [SESSION_STORAGE_KEY, JSON.stringify(session)],
  );
  return session;
}

/** The newest mail the e2e stack "sent" to an address, waiting up to `timeoutMs` for it. */
export async function latestMail(to: string, timeoutMs = 10_000): Promise<MailMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${STACK_URL}/mail/api/latest?to=${encodeURIComponent(to)}`);
    if (res.ok) return (await res.json()) as MailMessage;
    if (Date.now() > deadline) throw new Error(`no mail for ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first link in a mail whose URL contains `fragment` (e.g. '/auth/v1/verify'). */
export function linkIn(mail: MailMessage, fragment = '/auth/v1/verify'): string {
  const links = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  const link = links.find((href) => href.includes(fragment));
  if (!link) throw new Error(`no ${fragment} link in mail "${mail.subject}"`);
  return link;
}

/** The models the e2e run's fake OpenAI lists: today's, and older ones some specs name (served until 2027). */
export const E2E_OPENAI_MODELS: readonly string[] = [...OPENAI_MODELS, 'gpt-4o-mini', 'gpt-4o', 'gpt-4.1'];
/** The fake Ollama also has a model with a small context window (8,192 tokens), to see long material cut to fit. */
export const E2E_SMALL_LOCAL_MODEL = 'llama2:latest';
export const E2E_AI_MODELS = { openai: E2E_OPENAI_MODELS, ollama: [...OLLAMA_MODELS, E2E_SMALL_LOCAL_MODEL] };

/** The e2e stack's secret for provider keys at rest (tests/e2e/servers.ts), so tests can open what is stored. */
export const E2E_PROVIDER_KEYS_SECRET = 'e2e-provider-keys-secret-not-for-production';

/** The account's OpenAI key (the fake provider's good key), as Settings would have synced it. */
export async function withOpenAiKey(user: TestUser): Promise<void> {
  const { error } = await serviceClient()
    .from('user_api_keys')
    .upsert({ user_id: user.id, openai_api_key: FAKE_OPENAI_GOOD_KEY, updated_at: new Date().toISOString() });
  if (error) throw new Error(error.message);
}

/** The user's user_api_keys row with its keys opened (stored as ciphertext). */
export async function storedKeys(userId: string): Promise<Record<string, string | null> | null> {
  const { data, error } = await serviceClient().from('user_api_keys').select('*').eq('user_id', userId).maybeSingle();
  if (error) throw new Error(error.message);
  if (!data) return null;
  const row = { ...(data as Record<string, string | null>) };
  for (const [column, value] of Object.entries(row)) {
    if (column.endsWith('_api_key') && value) row[column] = await decryptKey(E2E_PROVIDER_KEYS_SECRET, userId, column, value);
  }
  return row;
}

/**
 * The recipient opens the share invitation mailed to `email` (the newest) and accepts it as the
 * account signed in on `page`; resolves once the app has moved on to what was shared.
 */
export async function acceptInvitation(page: Page, email: string): Promise<void> {
  const mail = await latestMail(email.toLowerCase());
  await page.goto(linkIn(mail, '/shared/accept#token='));
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/shared/accept'));
}
