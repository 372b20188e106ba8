import { describe, expect, it } from 'vitest';
import {
  accountOwnedColumns,
  documentFileBase,
  EXPORTED_ROWS,
  exportArchiveName,
  OMITTED_COLUMNS,
  OMITTED_ROWS,
} from '@/shared/core/account/manifest.ts';
import { hasPasswordIdentity, RECENT_SIGN_IN_SECONDS, recentSignInSecondsLeft } from '@/shared/core/account/reauth.ts';
import { ACCOUNT_TEXTS, deleteFormProblem } from '@/shared/core/account/texts.ts';

describe('the account manifest', () => {
  it('names each (table, column) once, exported or left out', () => {
    const all = accountOwnedColumns();
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain('saved_prompts.user_id');
    expect(all).toContain('shares.owner_id');
    expect(all).toContain('shares.recipient_id');
  });

  it('gives every exported kind its own file name, safe in a zip', () => {
    const files = EXPORTED_ROWS.map((entry) => entry.file);
    expect(new Set(files).size).toBe(files.length);
    for (const file of files) expect(file).toMatch(/^[a-z_]+$/);
  });

  it('says why rows are left out, and leaves secrets out of exported tables', () => {
    for (const entry of OMITTED_ROWS) expect(entry.reason.length).toBeGreaterThan(10);
    expect(OMITTED_ROWS.map((entry) => entry.table)).toContain('user_api_keys');
    expect(OMITTED_COLUMNS.shares).toContain('invite_token_hash');
    for (const table of Object.keys(OMITTED_COLUMNS)) expect(EXPORTED_ROWS.some((entry) => entry.table === table)).toBe(true);
  });

  it('names the archive after the day and each document after its name and id', () => {
    expect(exportArchiveName(new Date('2026-11-27T23:59:00Z'))).toBe('ai-vault-export-2026-11-27.zip');
    expect(documentFileBase({ id: '1234abcd-0000-4000-8000-000000000000', name: 'Launch plan: Q1/Q2 "draft"' })).toBe(
      'Launch-plan-Q1Q2-draft-1234abcd',
    );
    expect(documentFileBase({ id: 'ffffeeee-0000', name: '///' })).toBe('document-ffffeeee');
  });
});

describe('the delete form', () => {
  const form = { password: 'secret', code: '', confirmation: 'DELETE' };

  const withPassword = { code: false, password: true, recentSignIn: false };
  const withTwoFactor = { ...withPassword, code: true };

  it('asks for the password, the typed word and, with two-factor, a 6-digit code', () => {
    expect(deleteFormProblem(form, withPassword)).toBeNull();
    expect(deleteFormProblem({ ...form, password: '' }, withPassword)).toBe(ACCOUNT_TEXTS.passwordMissing);
    expect(deleteFormProblem({ ...form, confirmation: 'delete' }, withPassword)).toBe(ACCOUNT_TEXTS.confirmMissing);
    expect(deleteFormProblem(form, withTwoFactor)).toBe(ACCOUNT_TEXTS.codeMissing);
    expect(deleteFormProblem({ ...form, code: '123 456' }, withTwoFactor)).toBeNull();
  });

  it('without a password, asks for a fresh sign-in instead (and still for the code with two-factor)', () => {
    const noPassword = { ...form, password: '' };
    expect(deleteFormProblem(noPassword, { code: false, password: false, recentSignIn: false })).toBe(ACCOUNT_TEXTS.reauthNeeded);
    expect(deleteFormProblem(noPassword, { code: false, password: false, recentSignIn: true })).toBeNull();
    expect(deleteFormProblem(noPassword, { code: true, password: false, recentSignIn: true })).toBe(ACCOUNT_TEXTS.codeMissing);
  });

  it('words the export message with the file name', () => {
    expect(ACCOUNT_TEXTS.exported('ai-vault-export-2026-11-27.zip')).toBe('Your data was downloaded as ai-vault-export-2026-11-27.zip.');
  });
});

describe('a fresh sign-in in place of the password', () => {
  const jwt = (payload: object) => ['e30', Buffer.from(JSON.stringify(payload)).toString('base64url'), 'sig'].join('.');
  const now = Date.UTC(2026, 10, 27, 12, 0, 0);
  const at = (secondsAgo: number) => Math.floor(now / 1000) - secondsAgo;

  it('counts the seconds left from the newest password-less sign-in of the session', () => {
    expect(recentSignInSecondsLeft(jwt({ amr: [{ method: 'oauth', timestamp: at(60) }] }), now)).toBe(RECENT_SIGN_IN_SECONDS - 60);
    expect(
      recentSignInSecondsLeft(
        jwt({
          amr: [
            { method: 'totp', timestamp: at(1) },
            { method: 'oauth', timestamp: at(600) },
            { method: 'oauth', timestamp: at(100) },
          ],
        }),
        now,
      ),
    ).toBe(RECENT_SIGN_IN_SECONDS - 100);
  });

  it('refuses an old sign-in, a password or second-factor one, a stamp in the future and a broken token', () => {
    expect(recentSignInSecondsLeft(jwt({ amr: [{ method: 'oauth', timestamp: at(RECENT_SIGN_IN_SECONDS) }] }), now)).toBe(0);
    expect(recentSignInSecondsLeft(jwt({ amr: [{ method: 'password', timestamp: at(5) }] }), now)).toBe(0);
    expect(recentSignInSecondsLeft(jwt({ amr: [{ method: 'totp', timestamp: at(5) }] }), now)).toBe(0);
    expect(recentSignInSecondsLeft(jwt({ amr: [{ method: 'oauth', timestamp: at(-3600) }] }), now)).toBe(0);
    expect(recentSignInSecondsLeft(jwt({}), now)).toBe(0);
    expect(recentSignInSecondsLeft('not-a-jwt', now)).toBe(0);
  });

  it('knows a password account by its email identity', () => {
    expect(hasPasswordIdentity([{ provider: 'google' }, { provider: 'email' }])).toBe(true);
    expect(hasPasswordIdentity([{ provider: 'google' }])).toBe(false);
    expect(hasPasswordIdentity(undefined)).toBe(false);
  });
});
