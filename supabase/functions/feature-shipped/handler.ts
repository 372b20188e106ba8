import { featureShippedMail, isRequestableFeature } from '@/shared/core/featureRequests.ts';
import { callerOf, env, fail, json, preflight, rest } from '../_shared/http.ts';
import { sendMail } from '../_shared/mail.ts';

/**
 * POST /functions/v1/feature-shipped { feature } (admins only): marks a requested feature shipped
 * (feature_status, written as the caller so RLS checks the admin role a second time) and mails
 * every requester not mailed yet. Each request is claimed by setting its notified_at only where it
 * is still empty, so a second click or two admins at once never mail anyone twice; a mail that
 * fails releases its claim, so the next click retries it.
 * Answers { shippedAt, mailed, failed } or { error, code }.
 */

type Claimed = { id: string; user_id: string };

async function isAdmin(token: string): Promise<boolean> {
  const answer = await rest('rpc/is_admin', { method: 'POST', body: '{}' }, token);
  return answer.ok && answer.body === true;
}

/** The feature's shipped time as stored: kept when it shipped before, else now (upsert as the caller). */
async function markShipped(token: string, callerId: string, feature: string): Promise<string | null> {
  const existing = await rest(`feature_status?select=shipped_at&feature=eq.${feature}`, { method: 'GET' }, token);
  const before = existing.ok ? (existing.body as { shipped_at: string | null }[])[0]?.shipped_at : null;
  if (before) return before;
  const saved = await rest(
    'feature_status?on_conflict=feature&select=shipped_at',
    {
      method: 'POST',
      headers: { prefer: 'resolution=merge-duplicates,return=representation' },
      body: JSON.stringify({ feature, shipped_at: new Date().toISOString(), shipped_by: callerId }),
    },
    token,
  );
  return saved.ok ? ((saved.body as { shipped_at: string }[])[0]?.shipped_at ?? null) : null;
}

export default async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return fail('Method not allowed', 405);
  const caller = await callerOf(req);
  if (!caller) return fail('Sign in first.', 401);
  if (!(await isAdmin(caller.token))) return json({ error: 'Only admins can mark features shipped.', code: '42501' }, 403);
  const body = (await req.json().catch(() => null)) as { feature?: unknown } | null;
  const feature = body?.feature;
  if (!isRequestableFeature(feature)) return json({ error: 'Unknown feature.', code: 'invalid' }, 400);

  const shippedAt = await markShipped(caller.token, caller.id, feature);
  if (!shippedAt) return fail('The feature could not be marked shipped. Please try again.', 502);

  const claimedAt = new Date().toISOString();
  const claim = await rest(
    `feature_requests?feature=eq.${feature}&notified_at=is.null&select=id,user_id`,
    { method: 'PATCH', headers: { prefer: 'return=representation' }, body: JSON.stringify({ notified_at: claimedAt }) },
    'service',
  );
  if (!claim.ok) return fail('The requesters could not be read. Please try again.', 502);
  const claimed = claim.body as Claimed[];
  if (claimed.length === 0) return json({ shippedAt, mailed: 0, failed: 0 });

  const ids = claimed.map((c) => c.user_id).join(',');
  const people = await rest(`profiles?select=id,email&id=in.(${ids})`, { method: 'GET' }, 'service');
  const emails = new Map(people.ok ? (people.body as { id: string; email: string | null }[]).map((p) => [p.id, p.email]) : []);
  const mail = featureShippedMail(feature, env('SITE_URL'));
  let mailed = 0;
  const unsent: string[] = [];
  for (const request of claimed) {
    const to = emails.get(request.user_id);
    if (to && (await sendMail({ to, ...mail }))) mailed += 1;
    else unsent.push(request.id);
  }
  if (unsent.length > 0)
    await rest(
      `feature_requests?id=in.(${unsent.join(',')})&notified_at=eq.${encodeURIComponent(claimedAt)}`,
      { method: 'PATCH', headers: { prefer: 'return=minimal' }, body: JSON.stringify({ notified_at: null }) },
      'service',
    );
  return json({ shippedAt, mailed, failed: unsent.length });
}
