/**
 * Secrets encrypted at rest (provider keys, TOTP secrets): AES-256-GCM with a secret that never
 * enters the database (an Edge Function secret, an auth server setting). Each value is bound to
 * its owner and column (additional authenticated data), so a ciphertext copied into another row or
 * column does not decrypt. Stored as `enc:v1:<iv>:<ciphertext>` (base64url). Web Crypto only: runs
 * in Deno, Node and browsers, and does no I/O.
 */

const PREFIX = 'enc:v1:';

export const isEncrypted = (value: string): boolean => value.startsWith(PREFIX);

const b64 = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const unb64 = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** The AES key: SHA-256 of the secret, so any long random string works as a secret. */
async function keyOf(secret: string): Promise<CryptoKey> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret));
  return crypto.subtle.importKey('raw', digest, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

const aad = (userId: string, column: string) => new TextEncoder().encode(`${userId}:${column}`);

export async function encryptKey(secret: string, userId: string, column: string, plaintext: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: aad(userId, column) },
    await keyOf(secret),
    new TextEncoder().encode(plaintext),
  );
  return `${PREFIX}${b64(iv)}:${b64(new Uint8Array(sealed))}`;
}

/** The plaintext, or null when the value was not sealed for this owner and column with this secret. */
export async function decryptKey(secret: string, userId: string, column: string, stored: string): Promise<string | null> {
  if (!isEncrypted(stored)) return null;
  const [iv, sealed] = stored.slice(PREFIX.length).split(':');
  if (!iv || !sealed) return null;
  try {
    const opened = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: unb64(iv), additionalData: aad(userId, column) },
      await keyOf(secret),
      unb64(sealed),
    );
    return new TextDecoder().decode(opened);
  } catch {
    return null;
  }
}
