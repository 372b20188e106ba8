import { clientErrorReportSchema } from '@/shared/core/admin/clientErrors.ts';
import { callerOf, fail, json, preflight, rest } from '../_shared/http.ts';

/**
 * POST /functions/v1/report-error { message, route, release, surface }: a page of the dashboard,
 * the side panel or the popup failed to draw. Recorded as a client_error monitoring event (the
 * master admins' monitoring card and alerts). Signed-in callers are counted per account, others per
 * hashed address; over the limit the answer is 429 and nothing is recorded.
 * Answers 202 { recorded: true }, or { error }.
 */

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
  const parsed = clientErrorReportSchema.safeParse(await req.json().catch(() => null));
  if (!parsed.success) return json({ error: 'A report needs message, route, release and surface.', code: 'invalid' }, 400);
  const caller = await callerOf(req);
  const report = parsed.data;
  const answer = await rest(
    'rpc/record_client_error',
    {
      method: 'POST',
      body: JSON.stringify({
        error_message: report.message,
        error_route: report.route,
        error_release: report.release,
        error_surface: report.surface,
        reporter: caller ? `user:${caller.id}` : await addressKey(req),
        reporter_user: caller?.id ?? null,
      }),
    },
    'service',
  );
  if (!answer.ok) return fail('The report could not be recorded.', 502);
  if (answer.body !== true) return json({ error: 'Too many reports; try again later.', code: 'rate_limited' }, 429);
  return json({ recorded: true }, 202);
}
