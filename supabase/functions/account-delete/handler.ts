import Stripe from 'stripe';
import { z } from 'zod';
import { hasPasswordIdentity, recentSignInSecondsLeft } from '@/shared/core/account/reauth.ts';
import { ACCOUNT_TEXTS } from '@/shared/core/account/texts.ts';
import { readBody } from '../_shared/body.ts';
import { callerDb, serviceDb } from '../_shared/db.ts';
import { callerOf, env, errorOf, fail, json, preflight } from '../_shared/http.ts';
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

/** The confirmation is judged first; whether the password and code are needed depends on the account (below). */
const DeleteBody = z.object(
  {
    confirmation: z.literal(ACCOUNT_TEXTS.confirmWord, { error: ACCOUNT_TEXTS.confirmMissing }),
    password: z.string({ error: ACCOUNT_TEXTS.passwordMissing }).default(''),
    code: z
      .string({ error: ACCOUNT_TEXTS.codeMissing })
      .default('')
      .transform((code) => code.replace(/\s+/g, '')),
  },
  { error: ACCOUNT_TEXTS.confirmMissing },
);

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
  // No row, an ended subscription, or a plan granted without one: nothing to bill.
  if (!row?.stripe_subscription_id || ENDED.includes(row.status)) return true;
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
  const db = serviceDb();
  const address = email.toLowerCase();
  const writes = await Promise.all([
    db.from('shares').delete().eq('recipient_email', address).is('recipient_id', null),
    db.from('team_invitations').delete().eq('email', address),
    db.from('team_invitations').delete().eq('accepted_by', userId),
    db.from('contact_messages').delete().eq('user_id', userId),
    db.from('purchases').update({ buyer_email: null }).eq('buyer_id', userId),
  ]);
  return writes.every((result) => !result.error);
}

export default async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return fail('Method not allowed', 405);
  const caller = await callerOf(req);
  if (!caller) return refuse(ACCOUNT_TEXTS.signIn, 401, 'refused');
  const read = await readBody(req, DeleteBody);
  if (!read.ok) return refuse(await errorOf(read.response), 400, 'invalid');
  const { password, code } = read.body;

  const { data: me, error: unknownUser } = await callerDb(caller.token).auth.getUser(caller.token);
  if (unknownUser) return refuse(ACCOUNT_TEXTS.signIn, 401, 'refused');
  const { user } = me;
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
  const removed = await serviceDb().auth.admin.deleteUser(user.id);
  if (removed.error) {
    console.error('[account-delete] auth user', removed.error.status, removed.error.message);
    return refuse(ACCOUNT_TEXTS.deleteFailed, 500, 'server');
  }
  return json({ deleted: true });
}
