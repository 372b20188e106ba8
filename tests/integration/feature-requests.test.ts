import type { AppClient } from '@/shared/data/supabase.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '@/supabase/local/jwt.ts';
import { listMyFeatureRequests, requestFeature, withdrawFeatureRequest } from '@/shared/data/featureRequests.ts';
import { startTestStack, type TestStack } from '../helpers/stack.ts';
import { createCast, type Cast } from './rls/actors.ts';

/** The interest list of coming-soon features (feature_requests) through supabase-js and /rest/v1. */
let stack: TestStack;
let cast: Cast;
let anon: AppClient;
let owner: AppClient;
let other: AppClient;
let admin: AppClient;

const asUser = async (user: Cast[keyof Cast]) =>
  stack.asUser(
    await signJwt(
      {
        sub: user.id,
        email: user.email,
        role: 'authenticated',
        aud: 'authenticated',
        aal: 'aal1',
        exp: Math.floor(Date.now() / 1000) + 3600,
      },
      stack.config.jwtSecret,
    ),
  );

const rowsOf = async (userId: string) =>
  (
    await stack.db.query<{ feature: string }>('select feature from public.feature_requests where user_id = $1 order by feature', [userId])
  ).rows.map((r) => r.feature);

beforeAll(async () => {
  stack = await startTestStack();
  cast = await createCast(stack.db);
  anon = stack.anon();
  owner = await asUser(cast.owner);
  other = await asUser(cast.other);
  admin = await asUser(cast.admin);
});
afterAll(async () => stack?.close());

describe('feature_requests', () => {
  it('the first request is added (user_id from the session), a second one answers "already"', async () => {
    expect(await requestFeature(owner, 'workflows')).toEqual({ data: 'added', error: null });
    expect(await requestFeature(owner, 'workflows')).toEqual({ data: 'already', error: null });
    expect(await requestFeature(owner, 'pitch_deck')).toEqual({ data: 'added', error: null });
    expect(await rowsOf(cast.owner.id)).toEqual(['pitch_deck', 'workflows']);
  });

  it('each user has their own list', async () => {
    expect(await requestFeature(other, 'workflows')).toEqual({ data: 'added', error: null });
    const mine = await listMyFeatureRequests(owner, cast.owner.id);
    expect(mine.error).toBeNull();
    expect(mine.data!.map((r) => r.feature).sort()).toEqual(['pitch_deck', 'workflows']);
    // RLS: the owner cannot see another user's rows even when asking for them.
    expect((await listMyFeatureRequests(owner, cast.other.id)).data).toEqual([]);
  });

  it('admins read everyone’s requests', async () => {
    const { data } = await listMyFeatureRequests(admin, cast.owner.id);
    expect(data!.map((r) => r.feature).sort()).toEqual(['pitch_deck', 'workflows']);
    const all = await admin.from('feature_requests').select('user_id');
    expect(new Set((all.data ?? []).map((r) => r.user_id as string))).toEqual(new Set([cast.owner.id, cast.other.id]));
  });

  it('unknown features and anonymous visitors are refused', async () => {
    const bad = await owner.from('feature_requests').insert({ feature: 'billing' });
    expect(bad.error?.code).toBe('23514');
    const visitor = await requestFeature(anon, 'smart_queries');
    expect(visitor.data).toBeNull();
    expect(visitor.error).toEqual({
      message: 'new row violates row-level security policy for table "feature_requests"',
      code: '42501',
      kind: 'refused',
    });
  });

  it('a user cannot file a request in someone else’s name', async () => {
    const spoof = await owner.from('feature_requests').insert({ user_id: cast.other.id, feature: 'smart_queries' });
    expect(spoof.error?.message).toMatch(/row-level security/);
    expect(await rowsOf(cast.other.id)).toEqual(['workflows']);
  });

  it('the owner withdraws a request; others cannot', async () => {
    expect((await withdrawFeatureRequest(other, cast.owner.id, 'pitch_deck')).error).toBeNull();
    expect(await rowsOf(cast.owner.id)).toEqual(['pitch_deck', 'workflows']);
    expect((await withdrawFeatureRequest(owner, cast.owner.id, 'pitch_deck')).error).toBeNull();
    expect(await rowsOf(cast.owner.id)).toEqual(['workflows']);
    expect(await requestFeature(owner, 'pitch_deck')).toEqual({ data: 'added', error: null });
  });

  it('deleting the user deletes their requests', async () => {
    await stack.db.query('delete from auth.users where id = $1', [cast.other.id]);
    expect(await rowsOf(cast.other.id)).toEqual([]);
  });
});
