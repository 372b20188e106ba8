/** Every user-visible text of Settings → Your data: the export, the account deletion and their errors. */
export const ACCOUNT_TEXTS = {
  cardTitle: 'Your data',
  cardIntro: 'Download everything you have saved, or delete your account and all of its data.',
  exportButton: 'Export my data',
  exporting: 'Preparing your export…',
  exportHelp: 'A zip with one JSON file per kind of data, and each generated document as DOCX and Markdown.',
  exported: (fileName: string) => `Your data was downloaded as ${fileName}.`,
  exportFailed: 'Your data could not be exported. Please try again.',
  deleteButton: 'Delete my account',
  deleteHelp: 'Deletes your account, everything you saved, your shares and files, and ends any subscription. This cannot be undone.',
  dialogTitle: 'Delete your account?',
  dialogIntro:
    'Your prompts, documents, offers, knowledge base, workflows, workspaces and every other thing you saved are deleted, ' +
    'shares you gave and received end, your files are removed and any subscription is cancelled. You are signed out everywhere, the extension included.',
  passwordLabel: 'Your password',
  reauthIntro:
    'Your account signs in with Google, so there is no password to ask for. Sign in with Google again to confirm it is you; ' +
    'you then have 5 minutes to delete your account.',
  reauthButton: 'Sign in with Google again',
  reauthDone: 'You signed in again just now: you can delete your account.',
  reauthFailed: 'Google sign-in could not start. Please try again.',
  codeLabel: 'Authentication code',
  codeHelp: 'The 6-digit code from your authenticator app.',
  confirmWord: 'DELETE',
  confirmLabel: 'Type DELETE to confirm',
  cancel: 'Cancel',
  confirmButton: 'Delete my account',
  deleting: 'Deleting your account…',
  deleted: 'Your account and all of its data were deleted.',
  // Refusals (the Edge Function answers these; the dialog checks the first ones before sending).
  signIn: 'Sign in first.',
  passwordMissing: 'Enter your password.',
  passwordWrong: 'The password is not correct.',
  reauthNeeded: 'Sign in with Google again to confirm it is you, then delete within 5 minutes.',
  confirmMissing: 'Type DELETE to confirm.',
  codeMissing: 'Enter the 6-digit code from your authenticator app.',
  codeWrong: 'The authentication code is not correct.',
  billingFailed: 'Your subscription could not be cancelled, so nothing was deleted. Please try again.',
  filesFailed: 'Your files could not be removed, so your account was not deleted. Please try again.',
  deleteFailed: 'Your account could not be deleted. Please try again.',
} as const;

/** What the dialog checks before asking the server; null when the form may be sent. */
export function deleteFormProblem(
  form: { password: string; confirmation: string; code: string },
  needs: { code: boolean; password: boolean; recentSignIn: boolean },
): string | null {
  if (needs.password && !form.password) return ACCOUNT_TEXTS.passwordMissing;
  if (!needs.password && !needs.recentSignIn) return ACCOUNT_TEXTS.reauthNeeded;
  if (needs.code && !/^\d{6}$/.test(form.code.replace(/\s+/g, ''))) return ACCOUNT_TEXTS.codeMissing;
  if (form.confirmation.trim() !== ACCOUNT_TEXTS.confirmWord) return ACCOUNT_TEXTS.confirmMissing;
  return null;
}
