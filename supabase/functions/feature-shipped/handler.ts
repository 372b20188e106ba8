import { z } from 'zod';
import { featureShippedMail, isRequestableFeature } from '@/shared/core/featureRequests.ts';
import type { RequestableFeature } from '@/shared/core/hub.ts';
import { readBody } from '../_shared/body.ts';
import { callerDb, serviceDb, type Db } from '../_shared/db.ts';
import { callerOf, env, fail, json, preflight } from '../_shared/http.ts';
import { mailStatus, recordUnsentMail, sendMail } from '../_shared/mail.ts';

/**
 * POST /functions/v1/feature-shipped { feature } (admins only): marks a requested feature shipped
 * (feature_status, written as the caller so RLS checks the admin role a second time) and mails
 * every requester not mailed yet. Each request is claimed by setting its notified_at only where it
 * is still empty, so a second click or two admins at once never mail anyone twice; a mail that
 * fails releases its claim, so the next click retries it. While mail is off on the project nobody
 * is claimed (one monitoring event says how many were not mailed): the next click once mail is on
 * mails them. Answers { shippedAt, mailed, failed, mail: 'on' | 'off' } or { error, code }.
 */

const ShippedRequest = z.object({ feature: z.custom<RequestableFeature>(isRequestableFeature, 'Unknown feature.') });

/** The feature's shipped time as stored: kept when it shipped before, else now (upsert as the caller). */
async function markShipped(db: Db, callerId: string, feature: RequestableFeature): Promise<string | null> {
  const existing = await db.from('feature_status').select('shipped_at').eq('feature', feature).maybeSingle();
  if (existing.data?.shipped_at) return existing.data.shipped_at;
  const saved = await db
    .from('feature_status')
    .upsert({ feature, shipped_at: new Date().toISOString(), shipped_by: callerId }, { onConflict: 'feature' })
    .select('shipped_at')
    .maybeSingle();
  return saved.data?.shipped_at ?? null;
}

export default async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return fail('Method not allowed', 405);
  const caller = await callerOf(req);
  if (!caller) return fail('Sign in first.', 401);
  const db = callerDb(caller.token);
  const admin = await db.rpc('is_admin');
  if (admin.data !== true) return json({ error: 'Only admins can mark features shipped.', code: '42501' }, 403);
  const read = await readBody(req, ShippedRequest);
  if (!read.ok) return read.response;
  const { feature } = read.body;

  const shippedAt = await markShipped(db, caller.id, feature);
  if (!shippedAt) return fail('The feature could not be marked shipped. Please try again.', 502);
  const mail = featureShippedMail(feature, env('SITE_URL'));
  const service = serviceDb();

  if (mailStatus() === 'off') {
    const waiting = await service
      .from('feature_requests')
      .select('id', { count: 'exact', head: true })
      .eq('feature', feature)
      .is('notified_at', null);
    if (waiting.error) return fail('The requesters could not be read. Please try again.', 502);
    const count = waiting.count ?? 0;
    if (count > 0) await recordUnsentMail({ kind: mail.kind, to: null, recipients: count, subject: mail.subject, reason: 'no_mailer' });
    return json({ shippedAt, mailed: 0, failed: count, mail: 'off' });
  }

  const claimedAt = new Date().toISOString();
  const claim = await service
    .from('feature_requests')
    .update({ notified_at: claimedAt })
    .eq('feature', feature)
    .is('notified_at', null)
    .select('id, user_id');
  if (claim.error) return fail('The requesters could not be read. Please try again.', 502);
  const claimed = claim.data;
  if (claimed.length === 0) return json({ shippedAt, mailed: 0, failed: 0, mail: 'on' });

  const people = await service
    .from('profiles')
    .select('id, email')
    .in(
      'id',
      claimed.map((c) => c.user_id),
    );
  const emails = new Map((people.data ?? []).map((p) => [p.id, p.email]));
  let mailed = 0;
  const unsent: string[] = [];
  for (const request of claimed) {
    const to = emails.get(request.user_id);
    if (to && (await sendMail({ ...mail, to }))) mailed += 1;
    else unsent.push(request.id);
  }
  if (unsent.length > 0) await service.from('feature_requests').update({ notified_at: null }).in('id', unsent).eq('notified_at', claimedAt);
  return json({ shippedAt, mailed, failed: unsent.length, mail: 'on' });
}
