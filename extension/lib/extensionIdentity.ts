/**
 * Who the extension is, so the backend can trust exactly it and no other installed extension:
 * Chrome derives an extension's id from the public key in its manifest (`key`), so every build of
 * this repository — unpacked in development, in the e2e tests — has the same id; Firefox's id is
 * the gecko id in the manifest. Their identity-API redirect addresses follow from them. A store
 * build with another id is allowed through the auth server's redirect list (ADDITIONAL_REDIRECT_URLS).
 */

/** The manifest `key` (base64 DER SubjectPublicKeyInfo, RSA 2048); its private half is not needed for unpacked builds. */
export const CHROME_EXTENSION_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAqX9hgylTfIAVXMVx1PUJ/nuF3VphARW8i6qyLNK9JczWxqOk7mjQD2ujMo+jha03pPwtNhFIMShi7FFqKAF4Szp4iAD/CskU0D4cYM2H0pr721diaFHNzH0r6iQk5ppbWNRnkDOAM8TEP8qIIq/TstxSlV3k/nar+iuE4FacynhUgIFy8s2KL9kc/jagfm3dNWhXVrwaAAaR4EX70ptaYv9HD/7jSTJ7BdVcb2Et0R8BZwAn9UyV3uZZMERfXpi+SGbA3vWYf+We66n1v+3PpZkfuJRSVDhCFNMUFrwq12dX8dlxoLvpkQA+YAhELT/dtcIYxu5TYpY/8LiQ+2OVRwIDAQAB';

/** The id Chrome gives that key: the first 128 bits of its SHA-256, each hex digit as a letter a-p. */
export const CHROME_EXTENSION_ID = 'delhpdojniandghgihfhbaeepbimlmjj';

/** The add-on id in Firefox's manifest (browser_specific_settings.gecko.id). */
export const FIREFOX_EXTENSION_ID = 'ai-vault@example.com';

/** Firefox's identity redirect host: the SHA-1 (hex) of the add-on id. */
export const FIREFOX_REDIRECT_HASH = '3bab2b5eeed8a23bbdf457a75658e76b504e4b6d';

/** Where this extension's sign-in flows may return to, as auth allow-list patterns. */
export const EXTENSION_REDIRECT_PATTERNS: readonly string[] = [
  `chrome-extension://${CHROME_EXTENSION_ID}/**`,
  `https://${CHROME_EXTENSION_ID}.chromiumapp.org/**`,
  `https://${FIREFOX_REDIRECT_HASH}.extensions.allizom.org/**`,
];
