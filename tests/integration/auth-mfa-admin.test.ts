import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../helpers/stack.ts';
import { accountExists, makePerson, PASSWORD, postFunction, roleOf } from './admin-helpers.ts';
import { decodeJwt, fragment, latestLink, location, memoryClient, uniqueEmail } from './auth-helpers.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.close();
});

async function signedInClient() {
  const email = uniqueEmail('mfa');
  await stack.anon().auth.signUp({ email, password: 'secret-123' });
  await location((await latestLink(stack, email)).link);
  const client = memoryClient(stack);
  const { error } = await client.auth.signInWithPassword({ email, password: 'secret-123' });
  expect(error).toBeNull();
  return { client, email };
}

const codeFor = (secret: string) =>
  new OTPAuth.TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) }).generate();

describe('auth: MFA (TOTP)', () => {
  it('enroll → challenge → verify gives aal2; a new sign-in is aal1 with nextLevel aal2; unenroll', async () => {
    const { client, email } = await signedInClient();
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone app', issuer: 'AI Vault' });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data!;
    expect(factor.type).toBe('totp');
    expect(factor.friendly_name).toBe('phone app');
    expect(factor.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    expect(factor.totp.uri).toContain('otpauth://totp/');
    expect(factor.totp.uri).toContain(encodeURIComponent(email));
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]+=*$/);

    const dupName = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone app' });
    expect(dupName.error?.code).toBe('mfa_factor_name_conflict');

    // A wrong code is refused.
    const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data?.type).toBe('totp');
    expect(challenge.data!.expires_at).toBeGreaterThan(Date.now() / 1000);
    const good = codeFor(factor.totp.secret);
    const bad = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: good === '123456' ? '654321' : '123456',
    });
    expect(bad.error?.code).toBe('mfa_verification_failed');
    expect(bad.error?.message).toBe('Invalid TOTP code entered');
    expect(bad.error?.status).toBe(422);

    const verified = await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp.secret) });
    expect(verified.error).toBeNull();
    const claims = decodeJwt(verified.data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(expect.arrayContaining(['totp', 'password']));
    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data?.currentLevel).toBe('aal2');

    const { data: me } = await client.auth.getUser();
    expect(me.user?.factors).toHaveLength(1);
    expect(me.user?.factors?.[0]).toMatchObject({ id: factor.id, status: 'verified', factor_type: 'totp' });
    const factors = await client.auth.mfa.listFactors();
    expect(factors.data?.totp).toHaveLength(1);

    // A refresh keeps aal2.
    const refreshed = await client.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token).aal).toBe('aal2');

    // Signing in again: aal1 and the client knows it must step up.
    const second = memoryClient(stack);
    const signIn = await second.auth.signInWithPassword({ email, password: 'secret-123' });
    expect(decodeJwt(signIn.data.session!.access_token).aal).toBe('aal1');
    const aal = await second.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    // Unenrolling a verified factor needs aal2.
    const refused = await second.auth.mfa.unenroll({ factorId: factor.id });
    expect(refused.error?.code).toBe('insufficient_aal');
    const stepUp = await second.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp.secret) });
    expect(stepUp.error).toBeNull();
    const removed = await second.auth.mfa.unenroll({ factorId: factor.id });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: factor.id });
    const after = await second.auth.getUser();
    expect(after.data.user?.factors ?? []).toHaveLength(0);
  });

  it('with a verified factor, a new password or e-mail needs aal2 (GoTrue UserUpdate: 401 insufficient_aal), a reset link too', async () => {
    const { client, email } = await signedInClient();
    const { data: factor } = await client.auth.mfa.enroll({ factorType: 'totp' });
    expect((await client.auth.mfa.challengeAndVerify({ factorId: factor!.id, code: codeFor(factor!.totp.secret) })).error).toBeNull();

    const aal1 = memoryClient(stack);
    expect((await aal1.auth.signInWithPassword({ email, password: 'secret-123' })).error).toBeNull();
    const refused = await aal1.auth.updateUser({ password: 'brand-new-456' });
    expect(refused.error).toMatchObject({
      status: 401,
      code: 'insufficient_aal',
      message: 'AAL2 session is required to update email or password when MFA is enabled.',
    });
    expect((await aal1.auth.updateUser({ email: uniqueEmail('moved') })).error?.code).toBe('insufficient_aal');
    // Metadata and the unchanged address are not guarded.
    expect((await aal1.auth.updateUser({ data: { nick: 'x' }, email })).error).toBeNull();
    expect((await stack.anon().auth.signInWithPassword({ email, password: 'brand-new-456' })).error?.code).toBe('invalid_credentials');

    // The recovery session of a reset link is aal1 as well: the code first, then the new password.
    expect((await stack.anon().auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:5173/reset' })).error).toBeNull();
    const params = fragment(await location((await latestLink(stack, email)).link));
    const recovery = memoryClient(stack);
    await recovery.auth.setSession({ access_token: params.get('access_token')!, refresh_token: params.get('refresh_token')! });
    expect((await recovery.auth.updateUser({ password: 'brand-new-456' })).error?.code).toBe('insufficient_aal');
    expect((await recovery.auth.mfa.challengeAndVerify({ factorId: factor!.id, code: codeFor(factor!.totp.secret) })).error).toBeNull();
    expect((await recovery.auth.updateUser({ password: 'brand-new-456' })).error).toBeNull();
    expect((await stack.anon().auth.signInWithPassword({ email, password: 'brand-new-456' })).error).toBeNull();
  });

  it("cannot use another user's factor", async () => {
    const a = await signedInClient();
    const b = await signedInClient();
    const enrolled = await a.client.auth.mfa.enroll({ factorType: 'totp' });
    const res = await b.client.auth.mfa.challenge({ factorId: enrolled.data!.id });
    expect(res.error?.status).toBe(404);
    expect(res.error?.code).toBe('mfa_factor_not_found');
  });
});

describe('auth: admin API', () => {
  it('refuses the anon key and user tokens with 403 not_admin', async () => {
    const anon = await stack.anon().auth.admin.listUsers();
    expect(anon.error?.status).toBe(403);
    expect(anon.error?.code).toBe('not_admin');
    expect(anon.error?.message).toBe('User not allowed');
    const { client } = await signedInClient();
    const token = (await client.auth.getSession()).data.session!.access_token;
    const asUser = await stack.asUser(token).auth.admin.createUser({ email: uniqueEmail('x'), password: 'secret-123' });
    expect(asUser.error?.status).toBe(403);
    expect(asUser.error?.code).toBe('not_admin');
    const res = await fetch(`${stack.url}/auth/v1/admin/users`, {
      headers: { apikey: stack.config.anonKey, authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await res.json()).toEqual({ code: 403, error_code: 'not_admin', msg: 'User not allowed' });
  });

  it('creates, lists with pagination, updates and deletes users with the service role', async () => {
    const admin = stack.service().auth.admin;
    const emails = [uniqueEmail('adm'), uniqueEmail('adm'), uniqueEmail('adm')];
    const ids: string[] = [];
    for (const email of emails) {
      const { data, error } = await admin.createUser({
        email,
        password: 'secret-123',
        email_confirm: true,
        user_metadata: { from: 'admin' },
      });
      expect(error).toBeNull();
      expect(data.user?.email_confirmed_at).toBeTruthy();
      expect(data.user?.user_metadata).toEqual({ from: 'admin' });
      ids.push(data.user!.id);
    }
    const dup = await admin.createUser({ email: emails[0]!, password: 'secret-123' });
    expect(dup.error?.code).toBe('email_exists');

    // Confirmed by the admin: can sign in right away.
    expect((await stack.anon().auth.signInWithPassword({ email: emails[0]!, password: 'secret-123' })).error).toBeNull();

    const page1 = await admin.listUsers({ page: 1, perPage: 2 });
    expect(page1.error).toBeNull();
    expect(page1.data.users).toHaveLength(2);
    const total = (page1.data as unknown as { total: number }).total;
    expect(total).toBeGreaterThanOrEqual(3);
    expect((page1.data as unknown as { nextPage: number }).nextPage).toBe(2);
    const raw = await fetch(`${stack.url}/auth/v1/admin/users?page=1&per_page=2`, {
      headers: { apikey: stack.config.serviceRoleKey, authorization: `Bearer ${stack.config.serviceRoleKey}` },
    });
    expect(raw.headers.get('x-total-count')).toBe(String(total));
    expect(raw.headers.get('link')).toContain('rel="next"');
    expect(raw.headers.get('link')).toContain('rel="last"');
    expect((await raw.json()).aud).toBe('authenticated');

    const updated = await admin.updateUserById(ids[0]!, { app_metadata: { plan: 'pro' }, user_metadata: { nick: 'z' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.app_metadata).toMatchObject({ provider: 'email', providers: ['email'], plan: 'pro' });
    expect(updated.data.user?.user_metadata).toEqual({ from: 'admin', nick: 'z' });
    const session = (await stack.anon().auth.signInWithPassword({ email: emails[0]!, password: 'secret-123' })).data.session!;
    expect((decodeJwt(session.access_token).app_metadata as { plan: string }).plan).toBe('pro');

    const pw = await admin.updateUserById(ids[1]!, { password: 'changed-by-admin' });
    expect(pw.error).toBeNull();
    expect((await stack.anon().auth.signInWithPassword({ email: emails[1]!, password: 'changed-by-admin' })).error).toBeNull();

    const banned = await admin.updateUserById(ids[1]!, { ban_duration: '24h' });
    expect(banned.data.user?.banned_until).toBeTruthy();
    expect((await stack.anon().auth.signInWithPassword({ email: emails[1]!, password: 'changed-by-admin' })).error?.code).toBe(
      'user_banned',
    );

    const fetched = await admin.getUserById(ids[2]!);
    expect(fetched.data.user?.email).toBe(emails[2]);
    const deleted = await admin.deleteUser(ids[2]!);
    expect(deleted.error).toBeNull();
    const gone = await admin.getUserById(ids[2]!);
    expect(gone.error?.status).toBe(404);
    expect(gone.error?.code).toBe('user_not_found');
  });

  it('generates links (recovery, magiclink, signup) that verify', async () => {
    const admin = stack.service().auth.admin;
    const email = uniqueEmail('link');
    const signup = await admin.generateLink({
      type: 'signup',
      email,
      password: 'secret-123',
      options: { redirectTo: 'http://localhost:5173/x' },
    });
    expect(signup.error).toBeNull();
    expect(signup.data.properties?.verification_type).toBe('signup');
    expect(signup.data.properties?.email_otp).toMatch(/^\d{6}$/);
    expect(signup.data.properties?.redirect_to).toBe('http://localhost:5173/x');
    expect(signup.data.user?.email).toBe(email);
    expect(stack.mailbox.list(email)).toHaveLength(0);
    const loc = await location(signup.data.properties!.action_link);
    expect(fragment(loc).get('access_token')).toBeTruthy();

    const recovery = await admin.generateLink({ type: 'recovery', email });
    const verified = await stack.anon().auth.verifyOtp({ token_hash: recovery.data.properties!.hashed_token, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(email);

    const magic = await admin.generateLink({ type: 'magiclink', email });
    const viaCode = await stack.anon().auth.verifyOtp({ email, token: magic.data.properties!.email_otp, type: 'email' });
    expect(viaCode.error).toBeNull();

    const missing = await admin.generateLink({ type: 'magiclink', email: uniqueEmail('nobody') });
    expect(missing.error?.status).toBe(404);
  });

  it('invites a user by e-mail', async () => {
    const email = uniqueEmail('invite');
    const { data, error } = await stack.service().auth.admin.inviteUserByEmail(email, { data: { team: 'a' } });
    expect(error).toBeNull();
    expect(data.user?.invited_at).toBeTruthy();
    const mail = await latestLink(stack, email);
    expect(mail.subject).toBe('You have been invited');
    const loc = await location(mail.link);
    expect(fragment(loc).get('type')).toBe('invite');
  });
});

describe('two-factor enforced by the database', () => {
  it("an enrolled admin's password-only (aal1) session has no admin powers, keys or account changes; aal2 has them all", async () => {
    const master = await makePerson(stack, 'master_admin');
    const victim = await makePerson(stack, 'editor', 'Victim');
    // Enrol a factor in a session that passes it.
    const client = memoryClient(stack);
    await client.auth.signInWithPassword({ email: master.email, password: PASSWORD });
    const factor = (await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' })).data!;
    expect((await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp.secret) })).error).toBeNull();
    expect((await client.from('user_api_keys').upsert({ user_id: master.id, openai_api_key: 'sk-master-secret' })).error).toBeNull();

    // The password leaks: a fresh sign-in without the code is aal1.
    const leaked = memoryClient(stack);
    await leaked.auth.signInWithPassword({ email: master.email, password: PASSWORD });
    const token = (await leaked.auth.getSession()).data.session!.access_token;
    expect(decodeJwt(token).aal).toBe('aal1');
    const aal1 = stack.asUser(token);
    expect((await aal1.rpc('is_admin')).data).toBe(false);
    expect((await aal1.rpc('admin_list_users')).error?.code).toBe('42501');
    expect((await aal1.rpc('admin_set_user_role', { target_id: victim.id, new_role: 'view_only' })).error?.code).toBe('42501');
    expect((await aal1.rpc('admin_restore_backup', { changes: {} })).error?.code).toBe('42501');
    expect((await aal1.from('profiles').select('id').eq('id', victim.id)).data).toEqual([]);
    expect((await aal1.from('monitoring_settings').select('*')).data ?? []).toEqual([]);
    expect((await aal1.from('user_api_keys').select('openai_api_key')).data).toEqual([]);
    expect((await aal1.from('user_api_keys').upsert({ user_id: master.id, openai_api_key: 'sk-attacker' })).error?.code).toBe('42501');
    const rename = await aal1.from('profiles').update({ name: 'Owned' }).eq('id', master.id).select();
    expect(rename.data).toEqual([]);
    expect(await postFunction(stack, { action: 'delete', id: victim.id }, token)).toMatchObject({ status: 403 });
    expect(await roleOf(stack, victim.id)).toBe('editor');
    expect(await accountExists(stack, victim.id)).toBe(true);
    const keys = await stack.db.query('select openai_api_key from public.user_api_keys where user_id = $1', [master.id]);
    expect(keys.rows).toEqual([{ openai_api_key: 'sk-master-secret' }]);

    // The same person with the code (aal2): everything works.
    expect((await leaked.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp.secret) })).error).toBeNull();
    const aal2 = stack.asUser((await leaked.auth.getSession()).data.session!.access_token);
    expect((await aal2.rpc('is_admin')).data).toBe(true);
    expect((await aal2.rpc('admin_list_users')).error).toBeNull();
    expect((await aal2.from('user_api_keys').select('openai_api_key')).data).toEqual([{ openai_api_key: 'sk-master-secret' }]);
    expect((await aal2.rpc('admin_set_user_role', { target_id: victim.id, new_role: 'view_only' })).error).toBeNull();
    expect(await roleOf(stack, victim.id)).toBe('view_only');

    // Accounts without a factor keep working with a password alone.
    expect((await victim.client.from('user_api_keys').upsert({ user_id: victim.id, openai_api_key: 'sk-victim' })).error).toBeNull();
  });
});

describe('TOTP secrets at rest', () => {
  it('are stored encrypted (a dump shows no secret), and codes still verify', async () => {
    const { client } = await signedInClient();
    const factor = (await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'at rest' })).data!;
    const { rows } = await stack.db.query<{ secret: string }>('select secret from auth.mfa_factors where id = $1', [factor.id]);
    expect(rows[0]!.secret).toMatch(/^enc:v1:/);
    expect(rows[0]!.secret).not.toContain(factor.totp.secret);
    const dump = (await stack.db.query<{ line: string }>('select f::text as line from auth.mfa_factors f')).rows
      .map((r) => r.line)
      .join('\n');
    expect(dump).not.toContain(factor.totp.secret);
    expect((await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp.secret) })).error).toBeNull();
  });
});
