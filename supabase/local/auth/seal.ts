/**
 * TOTP secrets at rest (GoTrue's DB encryption): AES-256-GCM under a key derived from the stack's
 * AUTH_DB_ENCRYPTION_KEY, bound to the user and column (additional authenticated data) so a value
 * copied into another row does not open. Stored as `enc:v1:<iv>:<ciphertext>` (base64url), the
 * format earlier versions of the stack wrote, so factors enrolled before still verify.
 */

const PREFIX = 'enc:v1:';

export const isSealed = (value: string): boolean => value.startsWith(PREFIX);

/** The AES key: SHA-256 of the secret, so any long random string works as a secret. */
async function keyOf(secret: string): Promise<CryptoKey> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret));
  return crypto.subtle.importKey('raw', digest, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

const aad = (userId: string, column: string) => new TextEncoder().encode(`${userId}:${column}`);

export async function seal(secret: string, userId: string, column: string, plaintext: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: aad(userId, column) },
    await keyOf(secret),
    new TextEncoder().encode(plaintext),
  );
  return `${PREFIX}${Buffer.from(iv).toString('base64url')}:${Buffer.from(sealed).toString('base64url')}`;
}

/** The plaintext, or null when the value was not sealed for this owner and column with this secret. */
export async function unseal(secret: string, userId: string, column: string, stored: string): Promise<string | null> {
  if (!isSealed(stored)) return null;
  const [iv, sealed] = stored.slice(PREFIX.length).split(':');
  if (!iv || !sealed) return null;
  try {
    const opened = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: Buffer.from(iv, 'base64url'), additionalData: aad(userId, column) },
      await keyOf(secret),
      Buffer.from(sealed, 'base64url'),
    );
    return new TextDecoder().decode(opened);
  } catch {
    return null;
  }
}
