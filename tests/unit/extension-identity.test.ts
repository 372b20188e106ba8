import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ADDITIONAL_REDIRECT_URLS, redirectUrlsFromConfigToml } from '@/supabase/local/config.ts';
import {
  CHROME_EXTENSION_ID,
  CHROME_EXTENSION_KEY,
  EXTENSION_REDIRECT_PATTERNS,
  FIREFOX_EXTENSION_ID,
  FIREFOX_REDIRECT_HASH,
} from '@/extension/lib/extensionIdentity.ts';

describe('extension identity', () => {
  it('the Chrome id is the one Chrome derives from the manifest key', () => {
    const digest = createHash('sha256').update(Buffer.from(CHROME_EXTENSION_KEY, 'base64')).digest('hex').slice(0, 32);
    expect([...digest].map((c) => String.fromCharCode(97 + parseInt(c, 16))).join('')).toBe(CHROME_EXTENSION_ID);
  });

  it('the Firefox redirect host is the SHA-1 of the add-on id', () => {
    expect(createHash('sha1').update(FIREFOX_EXTENSION_ID).digest('hex')).toBe(FIREFOX_REDIRECT_HASH);
  });

  it('the auth redirect list names this extension only: supabase/config.toml, which the local stack reads, says what extensionIdentity.ts gives', () => {
    expect(DEFAULT_ADDITIONAL_REDIRECT_URLS.join(' ')).not.toMatch(/\*\.|chrome-extension:\/\/\*/);
    const toml = readFileSync(new URL('../../supabase/config.toml', import.meta.url), 'utf8');
    expect(redirectUrlsFromConfigToml(toml)).toEqual(['http://localhost:5173/**', ...EXTENSION_REDIRECT_PATTERNS]);
    expect(DEFAULT_ADDITIONAL_REDIRECT_URLS).toEqual(redirectUrlsFromConfigToml(toml));
  });

  it('reads the list as the Supabase CLI does: only [auth], comments and line breaks allowed', () => {
    const toml = [
      '[api]',
      'additional_redirect_urls = ["http://wrong/"]',
      '[auth]',
      'site_url = "http://127.0.0.1:5173"',
      'additional_redirect_urls = [',
      '  "http://a/**", # the dashboard',
      '  # "http://commented-out/",',
      '  "https://b/**",',
      ']',
      '[auth.email]',
    ].join('\n');
    expect(redirectUrlsFromConfigToml(toml)).toEqual(['http://a/**', 'https://b/**']);
    expect(redirectUrlsFromConfigToml('[auth]\nsite_url = "x"\n')).toEqual([]);
  });
});
