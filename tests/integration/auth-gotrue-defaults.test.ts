import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../helpers/stack.ts';
import { memoryClient, uniqueEmail } from './auth-helpers.ts';

/** GoTrue behaviour with the Supabase CLI's defaults: anonymous sign-ins, manual linking and SAML off, HS256 tokens. */
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.close();
});

async function signedIn(): Promise<{ client: ReturnType<typeof memoryClient>; email: string }> {
  const email = uniqueEmail('defaults');
  await stack.service().auth.admin.createUser({ email, password: 'secret-123', email_confirm: true });
  const client = memoryClient(stack);
  const { error } = await client.auth.signInWithPassword({ email, password: 'secret-123' });
  expect(error).toBeNull();
  return { client, email };
}

describe('auth defaults (as the Supabase CLI)', () => {
  it('signInAnonymously is refused with anonymous_provider_disabled', async () => {
    const { data, error } = await memoryClient(stack).auth.signInAnonymously();
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled', message: 'Anonymous sign-ins are disabled' });
    const settings = (await (await fetch(`${stack.url}/auth/v1/settings`)).json()) as { external: { anonymous_users: boolean } };
    expect(settings.external.anonymous_users).toBe(false);
  });

  it('linkIdentity and unlinkIdentity answer "Manual linking is disabled"', async () => {
    const { client } = await signedIn();
    const link = await client.auth.linkIdentity({ provider: 'google', options: { skipBrowserRedirect: true } });
    expect(link.error).toMatchObject({ status: 404, code: 'manual_linking_disabled', message: 'Manual linking is disabled' });
    const { data } = await client.auth.getUserIdentities();
    expect(data?.identities).toHaveLength(1);
    const unlink = await client.auth.unlinkIdentity(data!.identities[0]!);
    expect(unlink.error).toMatchObject({ status: 404, code: 'manual_linking_disabled' });
  });

  it('signInWithSSO answers "SAML 2.0 is disabled"', async () => {
    const { data, error } = await memoryClient(stack).auth.signInWithSSO({ domain: 'example.com' });
    expect(data).toBeNull();
    expect(error).toMatchObject({ status: 404, code: 'saml_provider_disabled', message: 'SAML 2.0 is disabled' });
  });

  it('a password change needs no nonce while secure password change is off, even from an old session', async () => {
    const { client, email } = await signedIn();
    await stack.db.query(
      `update auth.sessions set created_at = now() - interval '25 hours' where user_id = (select id from auth.users where email = $1)`,
      [email],
    );
    const { error } = await client.auth.updateUser({ password: 'another-secret-456' });
    expect(error).toBeNull();
  });

  it('verifyOtp refusals are worded as GoTrue', async () => {
    const client = memoryClient(stack);
    const { email } = await signedIn();
    const code = await client.auth.verifyOtp({ email, token: '000000', type: 'email' });
    expect(code.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
    const hash = await client.auth.verifyOtp({ token_hash: 'f'.repeat(56), type: 'magiclink' });
    expect(hash.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Email link is invalid or has expired' });
    const sms = await client.auth.verifyOtp({ phone: '+15555550123', token: '123456', type: 'sms' });
    expect(sms.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
    const phoneChange = await client.auth.verifyOtp({ phone: '+15555550123', token: '123456', type: 'phone_change' });
    expect(phoneChange.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
    const badPhone = await client.auth.verifyOtp({ phone: 'not-a-phone', token: '123456', type: 'sms' });
    expect(badPhone.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Invalid phone number format (E.164 required)',
    });
    const badEmail = await client.auth.verifyOtp({ email: 'nobody', token: '123456', type: 'email' });
    expect(badEmail.error).toMatchObject({ status: 422, code: 'validation_failed', message: 'Invalid email format' });
    const badType = await client.auth.verifyOtp({ token_hash: 'f'.repeat(56), type: 'sms' as 'email' });
    expect(badType.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Invalid email verification type' });
  });

  it('HS256 tokens: the JWKS is empty and getClaims() asks the server (/user)', async () => {
    const res = await fetch(`${stack.url}/auth/v1/.well-known/jwks.json`, { headers: { apikey: stack.config.anonKey } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ keys: [] });
    const { client } = await signedIn();
    const { data: session } = await client.auth.getSession();
    const header = JSON.parse(Buffer.from(session.session!.access_token.split('.')[0]!, 'base64url').toString()) as Record<string, unknown>;
    expect(header).toMatchObject({ alg: 'HS256' });
    expect(header.kid).toBeUndefined();
    const { data, error } = await client.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.claims.sub).toBe(session.session!.user.id);
  });
});
