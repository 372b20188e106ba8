import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/supabase/local/config.ts';
import { renderMail } from '@/supabase/local/auth/mail-templates.ts';
import { globToRegExp, isRedirectAllowed, resolveRedirect, withFragment, withQuery } from '@/supabase/local/auth/redirect.ts';
import { mergeMetadata, validateEmail, validatePassword } from '@/supabase/local/auth/users.ts';

const config = loadConfig({
  siteUrl: 'http://127.0.0.1:5173',
  additionalRedirectUrls: ['http://localhost:5173/**', 'chrome-extension://**', 'https://*.example.com/callback'],
});

describe('auth redirect allow-list', () => {
  it('allows the site URL host and allow-list globs', () => {
    expect(isRedirectAllowed(config, 'http://127.0.0.1:5173/any/path?x=1')).toBe(true);
    expect(isRedirectAllowed(config, 'http://localhost:5173/welcome')).toBe(true);
    expect(isRedirectAllowed(config, 'http://localhost:5173/deep/nested/path')).toBe(true);
    expect(isRedirectAllowed(config, 'chrome-extension://abcdef/sidepanel.html')).toBe(true);
    expect(isRedirectAllowed(config, 'https://app.example.com/callback')).toBe(true);
  });

  it('refuses everything else and falls back to the site URL', () => {
    expect(isRedirectAllowed(config, 'https://evil.example/steal')).toBe(false);
    expect(isRedirectAllowed(config, 'http://localhost:9999/welcome')).toBe(false);
    expect(isRedirectAllowed(config, 'https://a.b.example.com/callback')).toBe(false);
    expect(isRedirectAllowed(config, 'not a url')).toBe(false);
    expect(resolveRedirect(config, 'https://evil.example/')).toBe('http://127.0.0.1:5173');
    expect(resolveRedirect(config, null)).toBe('http://127.0.0.1:5173');
  });

  it('globs: * stops at . and /, ** does not', () => {
    expect(globToRegExp('https://*.x.com').test('https://a.x.com')).toBe(true);
    expect(globToRegExp('https://*.x.com').test('https://a.b.x.com')).toBe(false);
    expect(globToRegExp('https://**.x.com').test('https://a.b.x.com')).toBe(true);
  });

  it('builds query and fragment redirects', () => {
    expect(withQuery('http://h/p?a=1', { code: 'c' })).toBe('http://h/p?a=1&code=c');
    expect(withFragment('http://h/p#old', { error: 'access_denied', error_description: 'a b' })).toBe(
      'http://h/p#error=access_denied&error_description=a+b',
    );
  });
});

describe('auth helpers', () => {
  it('validates e-mails and passwords like GoTrue', () => {
    expect(validateEmail(' Ada@Example.com ')).toBe('ada@example.com');
    expect(() => validateEmail('nope')).toThrow('Unable to validate email address: invalid format');
    expect(() => validatePassword('12345')).toThrow('Password should be at least 6 characters.');
    expect(validatePassword('123456')).toBe('123456');
  });

  it('merges metadata, null deleting keys', () => {
    expect(mergeMetadata({ a: 1, b: 2 }, { b: null, c: 3 })).toEqual({ a: 1, c: 3 });
  });

  it('renders branded mails with the link in HTML and text', () => {
    const link = 'http://127.0.0.1:54321/auth/v1/verify?token=abc&type=signup&redirect_to=http%3A%2F%2Flocalhost';
    const mail = renderMail('signup', link, '123456');
    expect(mail.subject).toBe('Confirm Your Signup');
    expect(mail.html).toContain('AI Vault');
    expect(mail.html).toContain(link.replace(/&/g, '&amp;'));
    expect(mail.text).toContain(link);
    expect(renderMail('recovery', link, '1').subject).toBe('Reset Your Password');
    expect(renderMail('magiclink', link, '1').subject).toBe('Your Magic Link');
  });
});
