import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureShippedMail } from '@/shared/core/featureRequests.ts';
import { listAllFeatureRequests, listFeatureStatus, markFeatureShipped, requestFeature } from '@/shared/data/featureRequests.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { must, person, type Person } from './documents-helpers.ts';

/**
 * Feature requests for admins (migration 20261130000300): every request listed with its requester,
 * feature_status written by admins alone, and the feature-shipped function mailing each requester
 * exactly once.
 */
let stack: TestStack;
let admin: Person;
let alice: Person;
let bob: Person;
let carol: Person;

const mailsTo = (who: Person) => stack.mailbox.list(who.email.toLowerCase()).filter((m) => m.subject.endsWith('is ready in AI Vault'));

beforeAll(async () => {
  stack = await startTestStack();
  admin = await person(stack, 'shipped-admin', 'admin');
  [alice, bob, carol] = [await person(stack, 'shipped-alice'), await person(stack, 'shipped-bob'), await person(stack, 'shipped-carol')];
  expect(must(await requestFeature(alice.client, 'folder_view'))).toBe('added');
  expect(must(await requestFeature(bob.client, 'folder_view'))).toBe('added');
  expect(must(await requestFeature(bob.client, 'smart_queries'))).toBe('added');
});
afterAll(async () => stack?.close());

describe(`feature requests for admins (${testDbKind})`, () => {
  it('admins list every request with the requester’s address, newest first; users only their own', async () => {
    const rows = must(await listAllFeatureRequests(admin.client));
    expect(rows.map((r) => [r.feature, r.email])).toEqual([
      ['smart_queries', bob.email.toLowerCase()],
      ['folder_view', bob.email.toLowerCase()],
      ['folder_view', alice.email.toLowerCase()],
    ]);
    expect(must(await listAllFeatureRequests(alice.client)).map((r) => r.user_id)).toEqual([alice.userId]);
  });

  it('feature_status: admins alone read and write it', async () => {
    const forged = await alice.client.from('feature_status').insert({ feature: 'folder_view', shipped_at: new Date().toISOString() });
    expect(forged.error?.code).toBe('42501');
    expect(must(await listFeatureStatus(alice.client)).size).toBe(0);
  });

  it('refuses non-admins, anonymous callers and unknown features', async () => {
    expect((await markFeatureShipped(alice.client, 'folder_view')).error).toMatchObject({
      kind: 'refused',
      message: 'Only admins can mark features shipped.',
    });
    expect((await markFeatureShipped(stack.anon(), 'folder_view')).error?.kind).toBe('refused');
    const unknown = await admin.client.functions.invoke('feature-shipped', { body: { feature: 'billing' } });
    expect(unknown.response?.status).toBe(400);
    expect(await unknown.response?.json()).toEqual({ error: 'Unknown feature.' });
    expect(mailsTo(alice)).toEqual([]);
    expect(must(await listFeatureStatus(admin.client)).size).toBe(0);
  });

  it('marks the feature shipped and mails each requester once; a second click mails nobody', async () => {
    const first = must(await markFeatureShipped(admin.client, 'folder_view'));
    expect(first).toMatchObject({ mailed: 2, failed: 0, mail: 'on' });
    const expected = featureShippedMail('folder_view', stack.config.siteUrl);
    for (const who of [alice, bob]) {
      expect(mailsTo(who)).toHaveLength(1);
      expect(mailsTo(who)[0]).toMatchObject({ subject: expected.subject, text: expected.text });
    }
    expect(mailsTo(carol)).toEqual([]);
    expect(must(await listFeatureStatus(admin.client)).get('folder_view')).toBe(first.shippedAt);
    const rows = must(await listAllFeatureRequests(admin.client)).filter((r) => r.feature === 'folder_view');
    expect(rows.every((r) => r.notified_at !== null)).toBe(true);

    const again = must(await markFeatureShipped(admin.client, 'folder_view'));
    expect(again).toEqual({ shippedAt: first.shippedAt, mailed: 0, failed: 0, mail: 'on' });
    expect(mailsTo(alice)).toHaveLength(1);
    expect(mailsTo(bob)).toHaveLength(1);
  });

  it('a later requester is mailed on the next click, alone; two clicks at once mail nobody twice', async () => {
    expect(must(await requestFeature(carol.client, 'folder_view'))).toBe('added');
    const both = await Promise.all([markFeatureShipped(admin.client, 'folder_view'), markFeatureShipped(admin.client, 'folder_view')]);
    expect(both.map((r) => must(r).mailed).sort()).toEqual([0, 1]);
    expect(mailsTo(carol)).toHaveLength(1);
    expect(mailsTo(alice)).toHaveLength(1);
    expect(mailsTo(bob)).toHaveLength(1);
  });

  it('other features are untouched: Bob’s smart_queries request is not mailed', async () => {
    const smart = must(await listAllFeatureRequests(admin.client)).find((r) => r.feature === 'smart_queries')!;
    expect(smart.notified_at).toBeNull();
    expect(must(await listFeatureStatus(admin.client)).has('smart_queries')).toBe(false);
  });
});
