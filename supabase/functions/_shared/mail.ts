import { env } from './http.ts';

/**
 * Mail from the Edge Functions, through Resend's HTTP API (POST /emails with RESEND_API_KEY);
 * RESEND_API_URL points elsewhere (the local stack sets its mailbox). MAIL_FROM is the sender.
 * false when no mail service is configured or it refused.
 */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

const optional = (name: string): string | undefined => {
  try {
    return env(name);
  } catch {
    return undefined;
  }
};

export async function sendMail(mail: OutgoingMail): Promise<boolean> {
  const key = optional('RESEND_API_KEY');
  if (!key) return false;
  const api = (optional('RESEND_API_URL') ?? 'https://api.resend.com').replace(/\/+$/, '');
  const res = await fetch(`${api}/emails`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ from: optional('MAIL_FROM') ?? 'AI Vault <noreply@ai-vault.local>', ...mail }),
  }).catch(() => null);
  return res?.ok ?? false;
}
