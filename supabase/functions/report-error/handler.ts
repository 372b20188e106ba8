import { z } from 'zod';
import { clientErrorReportSchema } from '@/shared/core/admin/clientErrors.ts';
import { readBody } from '../_shared/body.ts';
import { serviceDb } from '../_shared/db.ts';
import { callerOf, errorOf, fail, json, preflight } from '../_shared/http.ts';

/**
 * POST /functions/v1/report-error { message, route, release, surface }: a page of the dashboard,
 * the side panel or the popup failed to draw. Recorded as a client_error monitoring event (the
 * master admins' monitoring card and alerts). Signed-in callers are counted per account, others per
 * hashed address; over the limit the answer is 429 and nothing is recorded.
 * Answers 202 { recorded: true }, or { error }.
 */

/** The shared report schema, with the one sentence this function answers whatever is wrong with a report. */
const ReportBody = z.unknown().transform((value, ctx) => {
  const parsed = clientErrorReportSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  ctx.addIssue({ code: 'custom', message: 'A report needs message, route, release and surface.' });
  return z.NEVER;
});

async function addressKey(req: Request): Promise<string> {
  const address = (req.headers.get('x-forwarded-for') ?? '').split(',')[0]?.trim() || 'unknown';
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(address));
  return `ip:${[...new Uint8Array(digest)]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, 16)}`;
}

export default async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return fail('Method not allowed', 405);
  const read = await readBody(req, ReportBody);
  if (!read.ok) return json({ error: await errorOf(read.response), code: 'invalid' }, 400);
  const caller = await callerOf(req);
  const report = read.body;
  const answer = await serviceDb().rpc('record_client_error', {
    error_message: report.message,
    error_route: report.route,
    error_release: report.release,
    error_surface: report.surface,
    reporter: caller ? `user:${caller.id}` : await addressKey(req),
    reporter_user: caller?.id,
  });
  if (answer.error) return fail('The report could not be recorded.', 502);
  if (answer.data !== true) return json({ error: 'Too many reports; try again later.', code: 'rate_limited' }, 429);
  return json({ recorded: true }, 202);
}
