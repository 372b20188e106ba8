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
  revoked: (email: string) => `${email} can no longer see it.`,
  /** The dialog's explanation while mail is off on the project. */
  mailOffIntro:
    'Nothing is mailed: once you share, copy the invitation link shown here and send it yourself. Whoever accepts it while signed in finds the item in their File Manager.',
  linkTitle: 'Send them this link',
  linkOff: (email: string) =>
    `E-mail is off on this project, so nothing was sent to ${email}. Copy this link and pass it on yourself: it works once, for 14 days.`,
  linkRefused: (email: string) =>
    `The invitation could not be mailed to ${email}. Copy this link and pass it on yourself: it works once, for 14 days.`,
  linkReady: (email: string) => `Copy the invitation link for ${email} and send it yourself.`,
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
  return invitationMail({ kind: 'share_invitation', subject, intro, button: 'Accept the invitation', link: input.link });
}
