import type { MailKind } from './mail.ts';
import { escapeHtml } from './text.ts';

/** An invitation e-mail (shares, teams): the sentence, a button to the single-use link, the link in full. Pure. */

export interface InvitationMail {
  kind: MailKind;
  subject: string;
  html: string;
  text: string;
}

const VALIDITY = 'The link works once and for 14 days. If you did not expect this, you can ignore this e-mail.';

export function invitationMail(input: { kind: MailKind; subject: string; intro: string; button: string; link: string }): InvitationMail {
  const link = escapeHtml(input.link);
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; color: #1f2937; max-width: 560px; margin: 0 auto; padding: 24px">
<h2 style="margin-top: 0">AI Vault</h2>
<p>${escapeHtml(input.intro)}</p>
<p><a href="${link}" style="display: inline-block; padding: 10px 18px; background: #4f46e5; color: #fff; border-radius: 6px; text-decoration: none">${escapeHtml(input.button)}</a></p>
<p>Or copy this link into your browser:<br><a style="word-break: break-all" href="${link}">${link}</a></p>
<p style="color: #6b7280; font-size: 12px">${VALIDITY}</p>
</body></html>`;
  const text = `AI Vault\n\n${input.intro}\n${input.link}\n\n${VALIDITY}\n`;
  return { kind: input.kind, subject: input.subject, html, text };
}
