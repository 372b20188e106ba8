import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ADDITIONAL_REDIRECT_URLS } from '@/supabase/local/config.ts';
import { CHROME_EXTENSION_ID, CHROME_EXTENSION_KEY, FIREFOX_EXTENSION_ID, FIREFOX_REDIRECT_HASH } from '@/shared/core/extensionIdentity.ts';

describe('extension identity', () => {
  it('the Chrome id is the one Chrome derives from the manifest key', () => {
    const digest = createHash('sha256').update(Buffer.from(CHROME_EXTENSION_KEY, 'base64')).digest('hex').slice(0, 32);
    expect([...digest].map((c) => String.fromCharCode(97 + parseInt(c, 16))).join('')).toBe(CHROME_EXTENSION_ID);
  });

  it('the Firefox redirect host is the SHA-1 of the add-on id', () => {
    expect(createHash('sha1').update(FIREFOX_EXTENSION_ID).digest('hex')).toBe(FIREFOX_REDIRECT_HASH);
  });

  it('the auth redirect list names this extension only, and supabase/config.toml says the same', () => {
    expect(DEFAULT_ADDITIONAL_REDIRECT_URLS.join(' ')).not.toMatch(/\*\.|chrome-extension:\/\/\*/);
    const toml = readFileSync(new URL('../../supabase/config.toml', import.meta.url), 'utf8');
    const list = /additional_redirect_urls = \[([^\]]*)\]/
      .exec(toml)![1]!
      .match(/"[^"]+"/g)!
      .map((s) => s.slice(1, -1));
    expect(list).toEqual([...DEFAULT_ADDITIONAL_REDIRECT_URLS]);
  });
});
