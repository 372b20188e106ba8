/** The auth e-mails (GoTrue's default templates, branded "AI Vault"). */
export type MailKind = 'signup' | 'recovery' | 'magiclink' | 'invite' | 'email_change';

const BRAND = 'AI Vault';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const TEMPLATES: Record<MailKind, { subject: string; heading: string; intro: string; action: string }> = {
  signup: {
    subject: 'Confirm Your Signup',
    heading: 'Confirm your signup',
    intro: `Welcome to ${BRAND}! Follow this link to confirm your e-mail address:`,
    action: 'Confirm your mail',
  },
  recovery: {
    subject: 'Reset Your Password',
    heading: 'Reset your password',
    intro: `Follow this link to reset the password of your ${BRAND} account:`,
    action: 'Reset Password',
  },
  magiclink: {
    subject: 'Your Magic Link',
    heading: 'Magic Link',
    intro: `Follow this link to sign in to ${BRAND}:`,
    action: 'Log In',
  },
  invite: {
    subject: 'You have been invited',
    heading: 'You have been invited',
    intro: `You have been invited to create an account on ${BRAND}. Follow this link to accept the invite:`,
    action: 'Accept the invite',
  },
  email_change: {
    subject: 'Confirm Email Change',
    heading: 'Confirm change of email',
    intro: `Follow this link to confirm the new e-mail address of your ${BRAND} account:`,
    action: 'Change Email',
  },
};

export function renderMail(kind: MailKind, link: string, otp: string): { subject: string; html: string; text: string } {
  const t = TEMPLATES[kind];
  const safe = escapeHtml(link);
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; color: #1f2937; max-width: 560px; margin: 0 auto; padding: 24px">
<h2 style="margin-top: 0">${BRAND}</h2>
<h3>${t.heading}</h3>
<p>${t.intro}</p>
<p><a href="${safe}" style="display: inline-block; padding: 10px 18px; background: #4f46e5; color: #fff; border-radius: 6px; text-decoration: none">${t.action}</a></p>
<p>Or copy this link into your browser:<br><a style="word-break: break-all" href="${safe}">${safe}</a></p>
<p>Alternatively, enter the code: <strong>${otp}</strong></p>
<p style="color: #6b7280; font-size: 12px">If you did not request this, you can ignore this e-mail. — The ${BRAND} team</p>
</body></html>`;
  const text = `${BRAND}\n\n${t.heading}\n\n${t.intro}\n${link}\n\nAlternatively, enter the code: ${otp}\n\nIf you did not request this, you can ignore this e-mail.\n`;
  return { subject: t.subject, html, text };
}
