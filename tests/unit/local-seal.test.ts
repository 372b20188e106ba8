import { describe, expect, it } from 'vitest';
import { decryptKey, encryptKey } from '@/shared/core/keyCipher.ts';
import { isSealed, seal, unseal } from '@/supabase/local/auth/seal.ts';

/**
 * The stack seals TOTP secrets itself (it imports nothing from the product), in the `enc:v1:` format
 * it wrote before with shared/core/keyCipher.ts: factors enrolled then must still verify.
 */
describe('local stack: TOTP secret sealing', () => {
  const secret = 'a-long-random-auth-db-encryption-key';
  const user = '00000000-0000-4000-8000-000000000001';

  it('opens what keyCipher.ts sealed, and keyCipher.ts opens what it seals', async () => {
    const old = await encryptKey(secret, user, 'totp_secret', 'JBSWY3DPEHPK3PXP');
    expect(await unseal(secret, user, 'totp_secret', old)).toBe('JBSWY3DPEHPK3PXP');
    const sealed = await seal(secret, user, 'totp_secret', 'JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^enc:v1:[\w-]+:[\w-]+$/);
    expect(isSealed(sealed)).toBe(true);
    expect(await decryptKey(secret, user, 'totp_secret', sealed)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses another secret, owner or column, and what is not sealed', async () => {
    const sealed = await seal(secret, user, 'totp_secret', 'JBSWY3DPEHPK3PXP');
    expect(await unseal('another-secret', user, 'totp_secret', sealed)).toBeNull();
    expect(await unseal(secret, '00000000-0000-4000-8000-000000000002', 'totp_secret', sealed)).toBeNull();
    expect(await unseal(secret, user, 'other_column', sealed)).toBeNull();
    expect(await unseal(secret, user, 'totp_secret', 'JBSWY3DPEHPK3PXP')).toBeNull();
    expect(await unseal(secret, user, 'totp_secret', 'enc:v1:broken')).toBeNull();
  });
});
