import { createClient } from '@supabase/supabase-js';
import type { Database } from '@/shared/data/database.types.ts';
import type { AppClient } from '@/shared/data/supabase.ts';
import { WebSocket } from 'ws';
import type { TestStack } from '../helpers/stack.ts';

/**
 * A supabase-js client with its own in-memory storage (needed for PKCE code verifiers); `fetch`
 * replaces the one it sends requests with (to record them).
 */
export function memoryClient(stack: TestStack, flowType: 'pkce' | 'implicit' = 'implicit', fetch?: typeof globalThis.fetch): AppClient {
  const store = new Map<string, string>();
  return createClient<Database>(stack.url, stack.config.anonKey, {
    auth: {
      flowType,
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: {
        getItem: (key: string) => store.get(key) ?? null,
        setItem: (key: string, value: string) => void store.set(key, value),
        removeItem: (key: string) => void store.delete(key),
      },
    },
    realtime: { transport: WebSocket as never },
    ...(fetch ? { global: { fetch } } : {}),
  });
}

/** The /verify link of the newest mail to `to` (from the mailbox JSON API). */
export async function latestLink(
  stack: TestStack,
  to: string,
): Promise<{ link: string; subject: string; text: string; html: string; otp: string }> {
  const res = await fetch(`${stack.url}/mail/api/latest?to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`no mail for ${to}`);
  const mail = (await res.json()) as { subject: string; text: string; html: string };
  const match = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text);
  if (!match) throw new Error(`no link in mail: ${mail.text}`);
  const otp = /enter the code: (\d{6})/.exec(mail.text)?.[1] ?? '';
  return { link: match[0], subject: mail.subject, text: mail.text, html: mail.html, otp };
}

/** Follows a link without following its redirect; returns the Location. */
export async function location(url: string): Promise<URL> {
  const res = await fetch(url, { redirect: 'manual' });
  const loc = res.headers.get('location');
  if (!loc || res.status < 300 || res.status >= 400)
    throw new Error(`expected a redirect from ${url}, got ${res.status} ${await res.text()}`);
  return new URL(loc);
}

export const fragment = (url: URL) => new URLSearchParams(url.hash.slice(1));

export function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`;

/** The stack's Google settings pointing at a fake Google server listening at `fakeUrl`. */
export function fakeGoogleConfig(fakeUrl: string) {
  return {
    clientId: 'google-client',
    secret: 'google-secret',
    authorizeUrl: `${fakeUrl}/authorize`,
    tokenUrl: `${fakeUrl}/token`,
    userinfoUrl: `${fakeUrl}/userinfo`,
  };
}
