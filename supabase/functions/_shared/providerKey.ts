import { decryptKey, isEncrypted } from '@/shared/core/keyCipher.ts';
import { PROVIDER_KEY_COLUMNS, type ProviderId } from '@/shared/core/providerKeys.ts';
import { optionalEnv, rest } from './http.ts';

/**
 * The provider key an account synced (user_api_keys), decrypted; null when there is none or it
 * cannot be opened. Read as the caller (their token: RLS applies) or, for work done on the owner's
 * behalf without a caller (scheduled runs), with the service role.
 */
export async function storedProviderKey(owner: string, provider: ProviderId, token: string | 'service'): Promise<string | null> {
  const column = PROVIDER_KEY_COLUMNS[provider];
  const answer = await rest(`user_api_keys?select=${column}&user_id=eq.${owner}`, { method: 'GET' }, token);
  const value = answer.ok ? (answer.body as Record<string, string | null>[])[0]?.[column] : null;
  if (!value) return null;
  if (!isEncrypted(value)) return value;
  const secret = optionalEnv('PROVIDER_KEYS_SECRET');
  return secret ? decryptKey(secret, owner, column, value) : null;
}

/** The custom base URL an account synced (for chatgpt_custom), or null. */
export async function storedBaseUrl(owner: string, token: string | 'service'): Promise<string | null> {
  const answer = await rest(`user_api_keys?select=custom_base_url&user_id=eq.${owner}`, { method: 'GET' }, token);
  const value = answer.ok ? (answer.body as { custom_base_url: string | null }[])[0]?.custom_base_url : null;
  return value?.trim() ? value.trim() : null;
}
