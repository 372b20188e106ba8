/**
 * Account rules and texts. Pure: no browser, React or Supabase
 * imports; the pages in web/pages/auth and the 2FA card in Settings use these.
 */
import { jwtPayload } from './session.ts';

/** Password minimum length 6 (sign-up and sign-in). */
export const PASSWORD_MIN_LENGTH = 6;

/** Issuer shown in authenticator apps for the TOTP factor. */
export const TOTP_ISSUER = 'AI Vault';
export const TOTP_FRIENDLY_NAME = 'Authenticator app';
export const TOTP_CODE_LENGTH = 6;

export interface NoticeText {
  title: string;
  description?: string;
}

/** The auth notices (exact texts users and tests rely on), plus the few this build adds (marked). */
export const AUTH_TEXT = {
  signUpTitle: 'Create an Account',
  signInTitle: 'Welcome Back!',
  passwordHint: 'Minimum 6 characters required.',
  signUpError: 'Sign Up Error',
  signInError: 'Sign In Error',
  googleError: 'Google Sign-In Error',
  signUpCheckEmail: { title: 'Sign Up Successful!', description: 'Please check your email to verify your account.' },
  signUpSignedIn: { title: 'Sign Up Successful!', description: 'You are now signed up and logged in.' },
  signInSuccess: { title: 'Sign In Successful!', description: 'Welcome back!' },
  resetEmailRequired: { title: 'Email Required', description: 'Please enter your email address to reset your password.' },
  resetEmailInvalid: { title: 'Invalid Email', description: 'Please enter a valid email address.' },
  resetSent: { title: 'Check your email', description: 'If an account exists for this email, a password reset link has been sent.' },
  resetError: 'Error sending reset link',
  accessDenied: { title: 'Access Denied', description: 'You do not have permission to view this page.' },
  // Added by this build (the original product had no text for these situations).
  googleNotEnabled: 'Google sign-in is not enabled on this server. Sign in with your e-mail and password instead.',
  googleUnreachable: 'Could not reach the sign-in server. Check your connection and try again.',
  passwordUpdated: { title: 'Password Updated', description: 'Your new password is saved. You are signed in.' },
  passwordUpdateError: 'Password Update Error',
  recoveryMissing:
    'This password reset link is invalid, has expired or was already used. Reset links work once, in the browser where you requested them.',
  totpInvalid: 'That code is not valid. Enter the current 6-digit code from your authenticator app.',
  totpEnabled: {
    title: 'Two-Factor Authentication On',
    description: 'You will be asked for a code from your authenticator app when you sign in.',
  },
  totpRemoved: { title: 'Two-Factor Authentication Off', description: 'Signing in now needs only your password.' },
  totpError: 'Two-Factor Authentication Error',
} as const;

export type AuthMode = 'signUp' | 'signIn';

/** /auth opens in sign-up mode unless the URL asks for sign-in (?mode=signin, as /login does). */
export function authModeFrom(search: string): AuthMode {
  const mode = new URLSearchParams(search).get('mode')?.toLowerCase();
  return mode === 'signin' || mode === 'sign-in' || mode === 'login' ? 'signIn' : 'signUp';
}

// The HTML "valid e-mail address" rule (what <input type="email"> checks).
const EMAIL_TYPE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** E-mail "of e-mail type" — the browser's e-mail input rule. */
export function isEmailType(value: string): boolean {
  return EMAIL_TYPE.test(value.trim());
}

// Forgot password: a simple pattern, text, @, text, dot, text.
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isSimpleEmail(value: string): boolean {
  return SIMPLE_EMAIL.test(value.trim());
}

export interface CredentialErrors {
  email?: string;
  password?: string;
}

/** Sign-up and sign-in: e-mail required and of e-mail type; password required, at least 6 characters. */
export function validateCredentials(email: string, password: string): CredentialErrors {
  const errors: CredentialErrors = {};
  if (!email.trim()) errors.email = 'Email is required.';
  else if (!isEmailType(email)) errors.email = 'Please enter a valid email address.';
  if (!password) errors.password = 'Password is required.';
  else if (password.length < PASSWORD_MIN_LENGTH) errors.password = `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  return errors;
}

export const hasErrors = (errors: object): boolean => Object.values(errors).some(Boolean);

/** Forgot password: the notice to show, or null when the e-mail may be sent. */
export function resetEmailProblem(email: string): NoticeText | null {
  if (!email.trim()) return AUTH_TEXT.resetEmailRequired;
  if (!isSimpleEmail(email)) return AUTH_TEXT.resetEmailInvalid;
  return null;
}

export interface NewPasswordErrors {
  password?: string;
  confirm?: string;
}

/** /update-password: a new password (minimum 6) typed twice. */
export function validateNewPassword(password: string, confirm: string): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (!password) errors.password = 'Password is required.';
  else if (password.length < PASSWORD_MIN_LENGTH) errors.password = `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (!confirm) errors.confirm = 'Please confirm your new password.';
  else if (password !== confirm) errors.confirm = 'Passwords do not match.';
  return errors;
}

/** A TOTP code as typed ("123 456", "123-456") → its digits; valid when exactly 6. */
export function normalizeTotpCode(input: string): string {
  return input.replace(/[\s-]/g, '');
}

export function isTotpCode(input: string): boolean {
  return new RegExp(`^\\d{${TOTP_CODE_LENGTH}}$`).test(normalizeTotpCode(input));
}

/** The secret grouped in fours for reading and typing ("JBSW Y3DP …"). */
export function groupSecret(secret: string): string {
  return secret.replace(/\s/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * GoTrue's `/settings` answer → whether Google sign-in is enabled. Anything unexpected counts as
 * not enabled (so the visitor never lands on a JSON error page).
 */
export function googleEnabledIn(settings: unknown): boolean {
  if (!settings || typeof settings !== 'object') return false;
  const external = (settings as { external?: unknown }).external;
  if (!external || typeof external !== 'object') return false;
  return (external as { google?: unknown }).google === true;
}

const paramsOf = (part: string): URLSearchParams => new URLSearchParams(part.replace(/^[?#]/, ''));

function errorIn(params: URLSearchParams): string | null {
  const description = params.get('error_description');
  if (description) return description.replace(/\+/g, ' ');
  const error = params.get('error');
  return error ? error.replace(/_/g, ' ') : null;
}

/**
 * The error an auth redirect brought back (Google, or a confirmation/reset link): `error_description`
 * (or `error`) in the query or the fragment, also when a guard moved it into `?next=`.
 */
export function authErrorFromUrl(search: string, hash: string): string | null {
  const own = errorIn(paramsOf(search)) ?? errorIn(paramsOf(hash));
  if (own) return own;
  const next = paramsOf(search).get('next');
  if (!next || !next.startsWith('/')) return null;
  const hashAt = next.indexOf('#');
  const beforeHash = hashAt >= 0 ? next.slice(0, hashAt) : next;
  const queryAt = beforeHash.indexOf('?');
  const nested = queryAt >= 0 ? beforeHash.slice(queryAt) : '';
  return errorIn(paramsOf(nested)) ?? (hashAt >= 0 ? errorIn(paramsOf(next.slice(hashAt))) : null);
}

/** The Google return target: the safe `next` the visitor came for, or the dashboard. */
export function googleRedirectTo(origin: string, next: string | null): string {
  return `${origin}${next ?? '/dashboard'}`;
}

/** True when the access token was issued by a password-reset link (GoTrue's amr method "recovery"). */
export function isRecoveryToken(accessToken: string): boolean {
  const amr = jwtPayload(accessToken)?.amr;
  return Array.isArray(amr) && amr.some((entry) => (entry as { method?: unknown } | null)?.method === 'recovery');
}

/**
 * An <img> source for the TOTP QR code. supabase-js hands out `data:image/svg+xml;utf-8,<svg…>`
 * with the SVG unescaped; its '#' colours would cut the data URL short, so the SVG is re-encoded.
 */
export function qrImageSrc(qrCode: string): string {
  const svgAt = qrCode.indexOf('<svg');
  if (svgAt < 0) return qrCode;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrCode.slice(svgAt))}`;
}
