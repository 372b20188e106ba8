import { describe, expect, it } from 'vitest';
import {
  AUTH_TEXT,
  authErrorFromUrl,
  authModeFrom,
  googleEnabledIn,
  googleRedirectTo,
  groupSecret,
  hasErrors,
  isEmailType,
  isRecoveryToken,
  isTotpCode,
  normalizeTotpCode,
  PASSWORD_MIN_LENGTH,
  qrImageSrc,
  resetEmailProblem,
  validateCredentials,
  validateNewPassword,
} from '@/shared/core/auth.ts';

const jwt = (payload: object) => ['e30', Buffer.from(JSON.stringify(payload)).toString('base64url'), 'sig'].join('.');

describe('auth texts', () => {
  it('keeps the wording verbatim', () => {
    expect(AUTH_TEXT.passwordHint).toBe('Minimum 6 characters required.');
    expect(AUTH_TEXT.signUpTitle).toBe('Create an Account');
    expect(AUTH_TEXT.signInTitle).toBe('Welcome Back!');
    expect(AUTH_TEXT.signUpCheckEmail).toEqual({
      title: 'Sign Up Successful!',
      description: 'Please check your email to verify your account.',
    });
    expect(AUTH_TEXT.signUpSignedIn.description).toBe('You are now signed up and logged in.');
    expect(AUTH_TEXT.signInSuccess).toEqual({ title: 'Sign In Successful!', description: 'Welcome back!' });
    expect(AUTH_TEXT.resetSent).toEqual({
      title: 'Check your email',
      description: 'If an account exists for this email, a password reset link has been sent.',
    });
    expect(AUTH_TEXT.accessDenied).toEqual({ title: 'Access Denied', description: 'You do not have permission to view this page.' });
    expect([AUTH_TEXT.signUpError, AUTH_TEXT.signInError, AUTH_TEXT.googleError, AUTH_TEXT.resetError]).toEqual([
      'Sign Up Error',
      'Sign In Error',
      'Google Sign-In Error',
      'Error sending reset link',
    ]);
  });
});

describe('authModeFrom: sign-up by default, sign-in on request', () => {
  it.each([
    ['', 'signUp'],
    ['?mode=signup', 'signUp'],
    ['?mode=signin', 'signIn'],
    ['?next=%2Fsettings&mode=signin', 'signIn'],
    ['?mode=SignIn', 'signIn'],
    ['?mode=bogus', 'signUp'],
  ])('%s → %s', (search, mode) => {
    expect(authModeFrom(search)).toBe(mode);
  });
});

describe('validateCredentials', () => {
  it('requires the e-mail and the password', () => {
    expect(validateCredentials('', '')).toEqual({ email: 'Email is required.', password: 'Password is required.' });
    expect(validateCredentials('   ', 'secret1').email).toBe('Email is required.');
  });
  it('checks the e-mail like an e-mail input does', () => {
    for (const bad of ['plain', 'a@', '@b.com', 'a b@c.com', 'a@b..com', 'a@-b.com']) {
      expect(isEmailType(bad), bad).toBe(false);
      expect(validateCredentials(bad, 'secret1').email).toBe('Please enter a valid email address.');
    }
    for (const good of ['a@b.com', 'first.last+tag@sub.example.co', 'x@localhost', ' a@b.com ']) {
      expect(isEmailType(good), good).toBe(true);
    }
  });
  it('needs at least 6 password characters (boundary)', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(6);
    expect(validateCredentials('a@b.com', '12345').password).toBe('Password must be at least 6 characters.');
    expect(validateCredentials('a@b.com', '123456')).toEqual({});
    expect(hasErrors(validateCredentials('a@b.com', '123456'))).toBe(false);
    expect(hasErrors(validateCredentials('a@b.com', '1'))).toBe(true);
  });
  it('does not trim passwords (spaces count)', () => {
    expect(validateCredentials('a@b.com', '      ')).toEqual({});
  });
});

describe('resetEmailProblem (forgot password)', () => {
  it('empty → Email Required', () => {
    expect(resetEmailProblem('')).toEqual({
      title: 'Email Required',
      description: 'Please enter your email address to reset your password.',
    });
    expect(resetEmailProblem('  ')?.title).toBe('Email Required');
  });
  it.each(['abc', 'abc@def', 'abc.def', '@def.gh', 'a b@c.d'])('%s → Invalid Email', (email) => {
    expect(resetEmailProblem(email)).toEqual({ title: 'Invalid Email', description: 'Please enter a valid email address.' });
  });
  it.each(['a@b.c', 'first.last@example.com'])('%s passes', (email) => {
    expect(resetEmailProblem(email)).toBeNull();
  });
});

describe('validateNewPassword (/update-password)', () => {
  it('needs 6 characters, typed twice the same', () => {
    expect(validateNewPassword('', '')).toEqual({ password: 'Password is required.', confirm: 'Please confirm your new password.' });
    expect(validateNewPassword('12345', '12345').password).toBe('Password must be at least 6 characters.');
    expect(validateNewPassword('123456', '123457').confirm).toBe('Passwords do not match.');
    expect(validateNewPassword('123456', '123456')).toEqual({});
  });
});

describe('TOTP helpers', () => {
  it('accepts 6 digits, with spaces or a dash', () => {
    expect(normalizeTotpCode('123 456')).toBe('123456');
    expect(isTotpCode('123-456')).toBe(true);
    expect(isTotpCode('12345')).toBe(false);
    expect(isTotpCode('1234567')).toBe(false);
    expect(isTotpCode('12345a')).toBe(false);
  });
  it('groups the secret in fours', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('ABCDEF')).toBe('ABCD EF');
  });
  it('re-encodes the SVG QR code so "#" does not cut the data URL', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><path fill="#ffffff" d="M0 0h1v1H0z"/></svg>';
    const src = qrImageSrc(`data:image/svg+xml;utf-8,${svg}`);
    expect(src.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(src).not.toContain('#');
    expect(decodeURIComponent(src.slice(src.indexOf(',') + 1))).toBe(svg);
    expect(qrImageSrc('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
  });
});

describe('Google', () => {
  it('reads external.google from GoTrue settings; anything else is "not enabled"', () => {
    expect(googleEnabledIn({ external: { google: true, email: true } })).toBe(true);
    expect(googleEnabledIn({ external: { google: false } })).toBe(false);
    expect(googleEnabledIn({ external: {} })).toBe(false);
    expect(googleEnabledIn({ error: 'x' })).toBe(false);
    expect(googleEnabledIn(null)).toBe(false);
    expect(googleEnabledIn('google')).toBe(false);
  });
  it('returns to the page the visitor came for, or the dashboard', () => {
    expect(googleRedirectTo('http://x.test', null)).toBe('http://x.test/dashboard');
    expect(googleRedirectTo('http://x.test', '/settings?tab=keys')).toBe('http://x.test/settings?tab=keys');
  });
});

describe('authErrorFromUrl: errors auth redirects bring back', () => {
  it('reads error_description from the query or the fragment', () => {
    expect(authErrorFromUrl('?error=access_denied&error_description=Email+link+is+invalid', '')).toBe('Email link is invalid');
    expect(authErrorFromUrl('', '#error=access_denied&error_code=otp_expired&error_description=Token%20has%20expired')).toBe(
      'Token has expired',
    );
  });
  it('falls back to the error code', () => {
    expect(authErrorFromUrl('?error=server_error', '')).toBe('server error');
  });
  it('finds it inside ?next= after a guard moved the visitor to /auth', () => {
    const next = encodeURIComponent('/dashboard?error=invalid_request&error_description=Unverified email with google');
    expect(authErrorFromUrl(`?next=${next}`, '')).toBe('Unverified email with google');
    const withHash = encodeURIComponent('/dashboard#error=access_denied&error_description=Denied by user');
    expect(authErrorFromUrl(`?next=${withHash}`, '')).toBe('Denied by user');
  });
  it('is null when there is no error', () => {
    expect(authErrorFromUrl('', '')).toBeNull();
    expect(authErrorFromUrl('?next=%2Fsettings%3Ftab%3Dkeys', '')).toBeNull();
    expect(authErrorFromUrl('?code=abc', '#x=1')).toBeNull();
  });
});

describe('isRecoveryToken', () => {
  it('is true only for sessions from a reset link (amr recovery)', () => {
    expect(isRecoveryToken(jwt({ amr: [{ method: 'recovery', timestamp: 1 }] }))).toBe(true);
    expect(isRecoveryToken(jwt({ amr: [{ method: 'password', timestamp: 1 }] }))).toBe(false);
    expect(isRecoveryToken(jwt({}))).toBe(false);
    expect(isRecoveryToken('not-a-jwt')).toBe(false);
  });
});
