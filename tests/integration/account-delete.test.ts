import * as OTPAuth from 'otpauth';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_TEXTS } from '@/shared/core/account/texts.ts';
import { deleteAccount } from '@/shared/data/account.ts';
import * as extAuth from '@/extension/lib/auth.ts';
import { FAKE_PRICE_PRO, FAKE_PRICE_TEAM } from '../fixtures/fake-stripe-billing.ts';
import { FAKE_STRIPE_SECRET_KEY } from '../fixtures/fake-stripe.ts';
import { generateImage } from '../fixtures/fake-providers/images.ts';
import { testDbKind, type TestStack } from '../helpers/stack.ts';
import { fillAccount, rowsHeld } from './account-helpers.ts';
import { memoryClient } from './auth-helpers.ts';
import { must, person, type Person } from './documents-helpers.ts';
import { openShop, type Shop } from './purchases-helpers.ts';

/**
 * "Delete my account": the account-delete function checks the password (and the authenticator
 * code), cancels the Stripe subscription, removes the files, and deletes the account with every
 * row that names it; its tokens stop working, the extension's session included.
 */

const PASSWORD = 'correct-horse-42';
const CONFIRM = { confirmation: 'DELETE', code: '' };
/** Auth's answer to a refresh token whose session was deleted with the account. */
const REFRESH_GONE = {
  name: 'AuthApiError',
  status: 400,
  code: 'refresh_token_not_found',
  message: 'Invalid Refresh Token: Refresh Token Not Found',
};
let shop: Shop;
let stack: TestStack;

beforeAll(async () => {
  shop = await openShop();
  stack = shop.stack;
});
afterAll(async () => shop?.close());
beforeEach(async () => {
  await shop.configure();
  await stack.setFunctionSecrets({ STRIPE_PRICE_PRO: FAKE_PRICE_PRO, STRIPE_PRICE_TEAM: FAKE_PRICE_TEAM });
});

const accountExists = async (userId: string) =>
  (await stack.db.query('select 1 from auth.users where id = $1', [userId])).rows.length === 1;

describe(`delete my account (${testDbKind})`, () => {
  it('refuses a wrong password or a missing confirmation, and deletes nothing', async () => {
    const someone = await person(stack, 'delete-refused');
    expect((await deleteAccount(someone.client, { ...CONFIRM, password: 'wrong-password' })).error).toMatchObject({
      message: ACCOUNT_TEXTS.passwordWrong,
      kind: 'invalid',
    });
    expect((await deleteAccount(someone.client, { ...CONFIRM, password: PASSWORD, confirmation: 'delete' })).error?.message).toBe(
      ACCOUNT_TEXTS.confirmMissing,
    );
    expect((await deleteAccount(stack.anon(), { ...CONFIRM, password: PASSWORD })).error).toMatchObject({
      message: ACCOUNT_TEXTS.signIn,
      kind: 'refused',
    });
    expect(await accountExists(someone.userId)).toBe(true);
  });

  it('asks for the authenticator code when the account has two-factor, and refuses a wrong one', async () => {
    const someone = await person(stack, 'delete-mfa');
    const enrolled = await someone.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' });
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(enrolled.data!.totp.secret), digits: 6, period: 30 });
    expect((await someone.client.auth.mfa.challengeAndVerify({ factorId: enrolled.data!.id, code: totp.generate() })).error).toBeNull();
    expect((await deleteAccount(someone.client, { ...CONFIRM, password: PASSWORD })).error?.message).toBe(ACCOUNT_TEXTS.codeMissing);
    // A code outside the ±1 step window the server accepts.
    let wrong = '000000';
    for (let n = 1; totp.validate({ token: wrong, window: 1 }) !== null; n++)
      wrong = String((Number(totp.generate()) + 111_111 * n) % 1_000_000).padStart(6, '0');
    expect((await deleteAccount(someone.client, { ...CONFIRM, password: PASSWORD, code: wrong })).error?.message).toBe(
      ACCOUNT_TEXTS.codeWrong,
    );
    expect(await accountExists(someone.userId)).toBe(true);
    must(await deleteAccount(someone.client, { ...CONFIRM, password: PASSWORD, code: totp.generate() }));
    expect(await accountExists(someone.userId)).toBe(false);
  });

  it('cancels the subscription, removes the files, every row and share of the account, and its sessions', async () => {
    // A view-only account: its tables refuse its writes, never its deletion.
    const victim = await person(stack, 'delete-victim', 'view_only');
    const other = await person(stack, 'delete-other');
    const checkout = await shop.call(
      'create-subscription-checkout',
      { plan: 'pro' },
      (await victim.client.auth.getSession()).data.session!.access_token,
    );
    expect(checkout.status).toBe(200);
    await shop.pay(checkout.body.url as string);
    const subscriptionId = shop.stripe.sessions.get(checkout.body.sessionId as string)!.subscription!;
    await vi.waitFor(async () => expect((await rowsHeld(stack, victim.userId))['subscriptions.user_id']).toBe(1));
    await fillAccount(stack, victim, other, 'victim-marker');
    await fillAccount(stack, other, victim, 'other-marker');
    // Invitations waiting for the victim's address, not accepted yet.
    const { rows: otherDocs } = await stack.db.query<{ id: string }>('select id from public.generated_documents where user_id = $1', [
      other.userId,
    ]);
    await stack.db.query(`insert into public.generated_documents (user_id, name, content) values ($1, 'Second', 'x')`, [other.userId]);
    await stack.db.query(
      `insert into public.shares (owner_id, document_id, recipient_email)
       select $1, id, $2 from public.generated_documents where user_id = $1 and name = 'Second'`,
      [other.userId, victim.email.toLowerCase()],
    );
    // Files: a knowledge file of the victim (uploaded before they became view-only), the deliverable of their product.
    const filePath = `${victim.userId}/file-1/notes.txt`;
    expect(
      (
        await stack
          .service()
          .storage.from('knowledge-files')
          .upload(filePath, new Blob(['notes'], { type: 'text/plain' }), { contentType: 'text/plain' })
      ).error,
    ).toBeNull();
    // A picture the victim generated: its file in their folder of generated-images.
    const picturePath = `${victim.userId}/picture-1.png`;
    expect(
      (
        await stack
          .service()
          .storage.from('generated-images')
          .upload(picturePath, new Blob([new Uint8Array(generateImage('image/png', 1, 1, 'victim'))], { type: 'image/png' }), {
            contentType: 'image/png',
          })
      ).error,
    ).toBeNull();
    // An image they asked about in a conversation.
    expect(
      (
        await stack
          .service()
          .storage.from('conversation-images')
          .upload(
            `${victim.userId}/asked-1.png`,
            new Blob([new Uint8Array(generateImage('image/png', 1, 1, 'asked'))], { type: 'image/png' }),
            {
              contentType: 'image/png',
            },
          )
      ).error,
    ).toBeNull();
    const { rows: victimDocs } = await stack.db.query<{ id: string }>('select id from public.generated_documents where user_id = $1', [
      victim.userId,
    ]);
    const deliverable = `${victimDocs[0]!.id}/file-guide.txt`;
    expect(
      (
        await stack
          .service()
          .storage.from('deliverables')
          .upload(deliverable, new Blob(['guide'], { type: 'text/plain' }), { contentType: 'text/plain' })
      ).error,
    ).toBeNull();
    // The extension, signed in on its own session.
    const extension = memoryClient(stack, 'pkce');
    expect(await extAuth.signIn(extension, victim.email, PASSWORD)).toMatchObject({ ok: true });
    const { session } = (await victim.client.auth.getSession()).data;

    const held = await rowsHeld(stack, victim.userId);
    for (const [owned, count] of Object.entries(held))
      if (owned !== 'monitoring_settings.updated_by') expect(count, owned).toBeGreaterThan(0);
    const otherBefore = await rowsHeld(stack, other.userId);

    must(await deleteAccount(victim.client, { ...CONFIRM, password: PASSWORD }));

    expect(await accountExists(victim.userId)).toBe(false);
    expect(Object.values(await rowsHeld(stack, victim.userId)).every((count) => count === 0)).toBe(true);
    // The other account keeps its own rows; what tied it to the victim is gone (shares both ways, the victim's team).
    expect(await rowsHeld(stack, other.userId)).toEqual({
      ...otherBefore,
      'shares.owner_id': 0,
      'shares.recipient_id': 0,
      'team_members.user_id': 0,
      'team_invitations.accepted_by': 0,
    });
    expect((await stack.db.query('select 1 from public.teams where owner_id = $1', [other.userId])).rows).toHaveLength(1);
    expect((await stack.db.query('select 1 from public.generated_documents where id = $1', [otherDocs[0]!.id])).rows).toHaveLength(1);
    // Nothing outside the account's rows keeps its address: invitations, support messages, purchases.
    const { rows: traces } = await stack.db.query(
      `select 'share' from public.shares where recipient_email = $1
       union all select 'team invitation' from public.team_invitations where email = $1
       union all select 'contact message' from public.contact_messages where lower(email) = $1
       union all select 'purchase' from public.purchases where lower(buyer_email) = $1`,
      [victim.email.toLowerCase()],
    );
    expect(traces).toEqual([]);
    expect((await stack.db.query('select 1 from public.purchases where product_name = $1', ['victim-marker'])).rows).toHaveLength(1);
    // Stripe no longer bills; no file is left.
    const sdk = new Stripe(FAKE_STRIPE_SECRET_KEY, {
      host: shop.stripe.host,
      port: shop.stripe.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    expect((await sdk.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    const { rows: files } = await stack.db.query('select name from storage.objects where name like $1 or name like $2', [
      `${victim.userId}/%`,
      `${victimDocs[0]!.id}/%`,
    ]);
    expect(files).toEqual([]);
    // The old tokens: the access token is refused by Auth and reads nothing; the refresh token is gone; the password no longer signs in.
    const user = await fetch(`${stack.url}/auth/v1/user`, {
      headers: { apikey: stack.config.anonKey, authorization: `Bearer ${session!.access_token}` },
    });
    expect(user.status).toBe(403);
    expect(await user.json()).toMatchObject({ error_code: 'user_not_found', msg: 'User from sub claim in JWT does not exist' });
    expect((await stack.asUser(session!.access_token).from('saved_prompts').select('id')).data).toEqual([]);
    expect((await memoryClient(stack).auth.refreshSession({ refresh_token: session!.refresh_token })).error).toMatchObject(REFRESH_GONE);
    expect((await memoryClient(stack).auth.signInWithPassword({ email: victim.email, password: PASSWORD })).error?.message).toBe(
      'Invalid login credentials',
    );
    // The extension: its refresh is refused, and asking for the state signs it out cleanly.
    expect((await extension.auth.refreshSession()).error).toMatchObject(REFRESH_GONE);
    expect(await extAuth.currentState(extension)).toEqual({ user: null, needsSecondFactor: false });
    expect(await extAuth.accessToken(extension)).toBeNull();
  });

  it('deletes a team member: the membership goes, the team stays', async () => {
    const owner = await person(stack, 'delete-team-owner');
    const member: Person = await person(stack, 'delete-team-member', 'view_only');
    const { rows } = await stack.db.query<{ id: string }>(`insert into public.teams (owner_id, name) values ($1, 'Crew') returning id`, [
      owner.userId,
    ]);
    await stack.db.query(`insert into public.team_members (team_id, user_id, email, role) values ($1, $2, $3, 'view_only')`, [
      rows[0]!.id,
      member.userId,
      member.email.toLowerCase(),
    ]);
    must(await deleteAccount(member.client, { ...CONFIRM, password: PASSWORD }));
    expect((await stack.db.query('select 1 from public.team_members where team_id = $1', [rows[0]!.id])).rows).toHaveLength(0);
    expect((await stack.db.query('select 1 from public.teams where id = $1', [rows[0]!.id])).rows).toHaveLength(1);
  });
});
