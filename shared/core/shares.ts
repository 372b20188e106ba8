import { invitationMail, type InvitationMail } from './invitationMail.ts';
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

/** The invitation e-mail. */
export function shareInvitationMail(input: {
  ownerEmail: string;
  itemName: string;
  kind: 'workspace' | 'document';
  link: string;
}): InvitationMail {
  const what = input.kind === 'workspace' ? 'workspace' : 'document';
  const subject = `${input.ownerEmail} shared “${input.itemName}” with you`;
  const intro = `${input.ownerEmail} shared the ${what} “${input.itemName}” with you on AI Vault, read-only. Open this link and sign in (or create an account) to accept it:`;
  return invitationMail({ subject, intro, button: 'Accept the invitation', link: input.link });
}
