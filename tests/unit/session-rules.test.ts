import { describe, expect, it } from 'vitest';
import { DEFAULT_HOST_PREFIXES, hostAppFor } from '@/shared/core/hosts.ts';
import { authPathFor, isNavEntryActive, safeNextPath } from '@/shared/core/routes.ts';
import { createClient } from '@supabase/supabase-js';
import { assuranceOf, authStorageKey, jwtPayload, needsSecondFactor, urlCarriesAuth } from '@/shared/core/session.ts';

const jwt = (payload: object) => ['e30', Buffer.from(JSON.stringify(payload)).toString('base64url'), 'sig'].join('.');

describe('safeNextPath: where /auth?next= may send a visitor', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeNextPath('/settings')).toBe('/settings');
    expect(safeNextPath('/run-prompt/42?x=1#out')).toBe('/run-prompt/42?x=1#out');
  });
  it.each([
    ['missing', null],
    ['empty', ''],
    ['absolute URL', 'https://evil.example/dashboard'],
    ['protocol-relative', '//evil.example'],
    ['backslash trick', '/\\evil.example'],
    ['relative', 'dashboard'],
    ['control character', '/dash\nboard'],
    ['javascript', 'javascript:alert(1)'],
  ])('refuses %s', (_label, value) => {
    expect(safeNextPath(value)).toBeNull();
  });
  it('refuses the sign-in pages themselves (no loops)', () => {
    for (const page of ['/auth', '/master-login', '/forgot-password', '/admin-access', '/auth/']) {
      expect(safeNextPath(page)).toBeNull();
    }
  });
});

describe('authPathFor: the /auth link that comes back to where the visitor was', () => {
  it('carries the path, query and hash', () => {
    expect(authPathFor('/settings?tab=keys#openai')).toBe(`/auth?next=${encodeURIComponent('/settings?tab=keys#openai')}`);
  });
  it('drops unsafe or pointless targets', () => {
    expect(authPathFor('/')).toBe('/auth');
    expect(authPathFor('//evil.example')).toBe('/auth');
  });
});

describe('isNavEntryActive: sidebar highlighting', () => {
  it('exact entries only on equality', () => {
    expect(isNavEntryActive('/dashboard', '/dashboard', true)).toBe(true);
    expect(isNavEntryActive('/dashboard', '/dashboard/x', true)).toBe(false);
  });
  it('other entries also on paths under them, by whole segment', () => {
    expect(isNavEntryActive('/prompts', '/prompts')).toBe(true);
    expect(isNavEntryActive('/prompts', '/prompts/marketing')).toBe(true);
    expect(isNavEntryActive('/prompts', '/prompts-library')).toBe(false);
    expect(isNavEntryActive('/my-prompts', '/my-prompts/')).toBe(true);
  });
  it('the root never matches other paths', () => {
    expect(isNavEntryActive('/', '/dashboard')).toBe(false);
    expect(isNavEntryActive('/', '/')).toBe(true);
  });
});

describe('hostAppFor: host-prefix apps', () => {
  it('routes by prefix, case-insensitively', () => {
    expect(hostAppFor('marketplace.aivault.app')).toBe('marketplace');
    expect(hostAppFor('Feedback.AIVault.app')).toBe('feedback');
    expect(hostAppFor('app.aivault.app')).toBe('main');
    expect(hostAppFor('127.0.0.1')).toBe('main');
  });
  it('uses configured prefixes and ignores blank ones', () => {
    expect(hostAppFor('shop.example.com', { ...DEFAULT_HOST_PREFIXES, marketplace: 'shop.' })).toBe('marketplace');
    expect(hostAppFor('marketplace.example.com', { marketplace: ' ', feedback: '' })).toBe('main');
  });
});

describe('assurance levels', () => {
  const verified = [{ factor_type: 'totp', status: 'verified' }];
  it('reads the JWT payload, or null for junk', () => {
    expect(jwtPayload(jwt({ aal: 'aal2', sub: 'ü' }))).toEqual({ aal: 'aal2', sub: 'ü' });
    expect(jwtPayload('not-a-jwt')).toBeNull();
    expect(jwtPayload('a.%%%.c')).toBeNull();
  });
  it('asks for a second factor only with a verified factor and an aal1 token', () => {
    expect(needsSecondFactor({ access_token: jwt({ aal: 'aal1' }), user: { factors: verified } })).toBe(true);
    expect(needsSecondFactor({ access_token: jwt({ aal: 'aal2' }), user: { factors: verified } })).toBe(false);
    expect(
      needsSecondFactor({ access_token: jwt({ aal: 'aal1' }), user: { factors: [{ factor_type: 'totp', status: 'unverified' }] } }),
    ).toBe(false);
    expect(needsSecondFactor({ access_token: jwt({ aal: 'aal1' }), user: { factors: null } })).toBe(false);
    expect(assuranceOf({ access_token: jwt({}), user: {} })).toEqual({ current: 'aal1', next: 'aal1' });
  });
});

describe('authStorageKey', () => {
  it.each(['http://127.0.0.1:54321', 'https://abcdefghijklmnop.supabase.co', 'https://api.example.com:8443/base'])(
    "is supabase-js' own default for %s (sessions stored before stay signed in)",
    (url) => {
      const client = createClient(url, 'anon-key', { auth: { persistSession: false, autoRefreshToken: false } });
      expect(authStorageKey(url)).toBe(Reflect.get(client.auth, 'storageKey'));
    },
  );
});

describe('urlCarriesAuth', () => {
  it('sees a PKCE code, tokens, an auth error or a handoff token', () => {
    expect(urlCarriesAuth('?code=abc', '')).toBe(true);
    expect(urlCarriesAuth('', '#access_token=a&refresh_token=b')).toBe(true);
    expect(urlCarriesAuth('', '#error=access_denied&error_description=Denied')).toBe(true);
    expect(urlCarriesAuth('', '#token_hash=abc&next=%2Fdashboard')).toBe(true);
  });

  it('ignores addresses that finish no sign-in', () => {
    expect(urlCarriesAuth('', '')).toBe(false);
    expect(urlCarriesAuth('?mode=signin&next=%2Fdashboard', '#pricing')).toBe(false);
  });
});
