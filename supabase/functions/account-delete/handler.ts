import Stripe from 'stripe';
import { hasPasswordIdentity, recentSignInSecondsLeft } from '@/shared/core/account/reauth.ts';
import { ACCOUNT_TEXTS } from '@/shared/core/account/texts.ts';
import { authAdmin, callerOf, env, fail, json, preflight, rest } from '../_shared/http.ts';
import { stripeClient } from '../_shared/stripe.ts';
import { storedSubscription } from '../_shared/subscriptions.ts';
import { removeAccountFiles } from './files.ts';

/**
 * POST /functions/v1/account-delete { password, code?, confirmation: 'DELETE' } (signed in):
 * deletes the caller's account. The password is checked again by signing in with it here; an
 * account without a password (Google only) must instead call with a session that signed in within
 * the last five minutes (its token's amr claims). When the account has a verified authenticator
 * the code is verified on that session too, so a stolen access token alone cannot delete an
 * account. Then, stopping at the first failure: the
 * Stripe subscription is cancelled (so nobody is billed for a deleted account), the account's
 * files are removed, what carries its address outside its own rows is removed or anonymised, and
 * the auth user is deleted; its sessions and refresh tokens, and every row it owns, go with it by
 * cascade (rows kept for others, such as a seller's sales, lose the link). Errors answer { error, code }.
 */

const ENDED = ['canceled', 'incomplete_expired'];

const refuse = (message: string, status: number, code: 'invalid' | 'refused' | 'server') => json({ error: message, code }, status);

interface AuthUser {
  id: string;
  email?: string;
  factors?: { id: string; factor_type: string; status: string }[];
  identities?: { provider: string }[];
}

async function auth(path: string, init: RequestInit, token?: string): Promise<Response> {
  return fetch(`${env('SUPABASE_URL')}/auth/v1/${path}`, {
    ...init,
    headers: {
      apikey: env('SUPABASE_ANON_KEY'),
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...init.headers,
    },
  });
}

/** A new session for the password, or null when it is not the account's password. */
async function passwordSession(email: string, password: string): Promise<string | null> {
  const res = await auth('token?grant_type=password', { method: 'POST', body: JSON.stringify({ email, password }) });
  if (!res.ok) return null;
  return ((await res.json()) as { access_token?: string }).access_token ?? null;
}

/** Verifies the authenticator code on the session; false when the code is wrong. */
async function codeVerified(token: string, factorId: string, code: string): Promise<boolean> {
  const challenge = await auth(`factors/${factorId}/challenge`, { method: 'POST', body: '{}' }, token);
  if (!challenge.ok) return false;
  const { id } = (await challenge.json()) as { id: string };
  const verified = await auth(`factors/${factorId}/verify`, { method: 'POST', body: JSON.stringify({ challenge_id: id, code }) }, token);
  return verified.ok;
}

/** Cancels the caller's live subscription at once; false when Stripe could not be reached or refused. */
async function cancelSubscription(userId: string): Promise<boolean> {
  const row = await storedSubscription({ userId });
  if (row === null) return false;
  if (!row || ENDED.includes(row.status)) return true;
  const stripe = stripeClient();
  if (!stripe) return false;
  try {
    await stripe.subscriptions.cancel(row.stripe_subscription_id);
    return true;
  } catch (error) {
    // Already gone at Stripe: nothing left to bill.
    return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';
  }
}

/**
 * What would outlive the account with its address in it: share invitations still waiting for the
 * address, team invitations to it, the messages it sent to support, and the address on purchases
 * (a seller's sales record keeps the product, amount and date, no longer who bought).
 */
async function removePersonalTraces(userId: string, email: string): Promise<boolean> {
  const address = encodeURIComponent(email.toLowerCase());
  const writes = await Promise.all([
    rest(`shares?recipient_email=eq.${address}&recipient_id=is.null`, { method: 'DELETE' }, 'service'),
    rest(`team_invitations?or=(email.eq.${address},accepted_by.eq.${userId})`, { method: 'DELETE' }, 'service'),
    rest(`contact_messages?user_id=eq.${userId}`, { method: 'DELETE' }, 'service'),
    rest(`purchases?buyer_id=eq.${userId}`, { method: 'PATCH', body: JSON.stringify({ buyer_email: null }) }, 'service'),
  ]);
  return writes.every((res) => res.ok);
}

export default async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return fail('Method not allowed', 405);
  const caller = await callerOf(req);
  if (!caller) return refuse(ACCOUNT_TEXTS.signIn, 401, 'refused');
  const body = (await req.json().catch(() => ({}))) as { password?: unknown; code?: unknown; confirmation?: unknown };
  const password = typeof body.password === 'string' ? body.password : '';
  const code = typeof body.code === 'string' ? body.code.replace(/\s+/g, '') : '';
  if (body.confirmation !== ACCOUNT_TEXTS.confirmWord) return refuse(ACCOUNT_TEXTS.confirmMissing, 400, 'invalid');

  const me = await auth('user', { method: 'GET' }, caller.token);
  if (!me.ok) return refuse(ACCOUNT_TEXTS.signIn, 401, 'refused');
  const user = (await me.json()) as AuthUser;
  let session: string | null;
  if (hasPasswordIdentity(user.identities)) {
    if (!password) return refuse(ACCOUNT_TEXTS.passwordMissing, 400, 'invalid');
    session = user.email ? await passwordSession(user.email, password) : null;
    if (!session) return refuse(ACCOUNT_TEXTS.passwordWrong, 400, 'invalid');
  } else {
    // GoTrue has just accepted this token (/user above), so its claims can be read as they are.
    if (recentSignInSecondsLeft(caller.token, Date.now()) === 0) return refuse(ACCOUNT_TEXTS.reauthNeeded, 403, 'refused');
    session = caller.token;
  }
  const factor = user.factors?.find((f) => f.factor_type === 'totp' && f.status === 'verified');
  if (factor) {
    if (!/^\d{6}$/.test(code)) return refuse(ACCOUNT_TEXTS.codeMissing, 400, 'invalid');
    if (!(await codeVerified(session, factor.id, code))) return refuse(ACCOUNT_TEXTS.codeWrong, 400, 'invalid');
  }

  if (!(await cancelSubscription(user.id))) return refuse(ACCOUNT_TEXTS.billingFailed, 502, 'server');
  try {
    await removeAccountFiles(user.id);
  } catch (error) {
    console.error('[account-delete] files', error);
    return refuse(ACCOUNT_TEXTS.filesFailed, 500, 'server');
  }
  if (!(await removePersonalTraces(user.id, user.email!))) return refuse(ACCOUNT_TEXTS.deleteFailed, 500, 'server');
  const removed = await authAdmin(`users/${user.id}`, { method: 'DELETE' });
  if (!removed.ok) {
    console.error('[account-delete] auth user', removed.status, await removed.text().catch(() => ''));
    return refuse(ACCOUNT_TEXTS.deleteFailed, 500, 'server');
  }
  return json({ deleted: true });
}
