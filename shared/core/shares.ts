/**
 * Read-only sharing by invitation: the words people see, and the invitation mail. Pure.
 * A share reaches only whoever accepts the mailed link while signed in (it binds to their account).
 */

export const SHARE_TEXTS = {
  invalidEmail: 'Please enter a valid email address.',
  self: 'You cannot share with yourself.',
  viewOnly: 'View-only accounts cannot share.',
  invited: (email: string) => `Invitation sent to ${email}. They will see it once they accept it from that e-mail.`,
  alreadyAccepted: (email: string) => `${email} already has access.`,
  mailFailed: 'The invitation could not be mailed. Please try again.',
  revoked: (email: string) => `${email} can no longer see it.`,
} as const;

/** The address an invitation link opens in the dashboard; the token stays in the fragment (never sent to a server). */
export const shareAcceptUrl = (siteUrl: string, token: string): string =>
  `${siteUrl.replace(/\/+$/, '')}/shared/accept#token=${encodeURIComponent(token)}`;

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The invitation e-mail. */
export function shareInvitationMail(input: { ownerEmail: string; itemName: string; kind: 'workspace' | 'document'; link: string }): {
  subject: string;
  html: string;
  text: string;
} {
  const what = input.kind === 'workspace' ? 'workspace' : 'document';
  const subject = `${input.ownerEmail} shared “${input.itemName}” with you`;
  const intro = `${input.ownerEmail} shared the ${what} “${input.itemName}” with you on AI Vault, read-only. Open this link and sign in (or create an account) to accept it:`;
  const link = escapeHtml(input.link);
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; color: #1f2937; max-width: 560px; margin: 0 auto; padding: 24px">
<h2 style="margin-top: 0">AI Vault</h2>
<p>${escapeHtml(intro)}</p>
<p><a href="${link}" style="display: inline-block; padding: 10px 18px; background: #4f46e5; color: #fff; border-radius: 6px; text-decoration: none">Accept the invitation</a></p>
<p>Or copy this link into your browser:<br><a style="word-break: break-all" href="${link}">${link}</a></p>
<p style="color: #6b7280; font-size: 12px">The link works once and for 14 days. If you did not expect this, you can ignore this e-mail.</p>
</body></html>`;
  const text = `AI Vault\n\n${intro}\n${input.link}\n\nThe link works once and for 14 days. If you did not expect this, you can ignore this e-mail.\n`;
  return { subject, html, text };
}
