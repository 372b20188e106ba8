import { fail, json, preflight } from '../_shared/http.ts';
import { mailStatus } from '../_shared/mail.ts';

/**
 * GET /functions/v1/mail-status (anyone with the project's key): { mail: 'on' | 'off' } — whether
 * this project has a mailer (RESEND_API_KEY among the functions' secrets). The dashboard says mail
 * is off where someone would expect a mail: invitations (which then give a link to pass on),
 * scheduled results, monitoring alerts. Only the setting's presence is told, never its value.
 */
export default function handler(req: Request): Response {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'GET' && req.method !== 'POST') return fail('Method not allowed', 405);
  return json({ mail: mailStatus() });
}
