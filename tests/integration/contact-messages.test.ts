import type { AppClient } from '@/shared/data/supabase.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '@/supabase/local/jwt.ts';
import { CONTACT_LIMITS, type ContactInput } from '@/shared/core/contact.ts';
import { listContactMessages, sendContactMessage } from '@/shared/data/contact.ts';
import { startTestStack, type TestStack } from '../helpers/stack.ts';
import { createCast, type Cast } from './rls/actors.ts';

/** The stored contact form (contact_messages) through the real supabase-js client and /rest/v1. */
let stack: TestStack;
let cast: Cast;
let anon: AppClient;
let owner: AppClient;
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

const form = (subject: string): ContactInput => ({ name: ' Ada ', email: ' ada@example.com ', subject, message: 'Hello\nthere ' });

/** Already trimmed, for raw inserts that bypass sendContactMessage. */
const clean = (subject: string): ContactInput => ({ name: 'Ada', email: 'ada@example.com', subject, message: 'Hello' });

const stored = async (subject: string) =>
  (
    await stack.db.query<{ user_id: string | null; name: string; email: string; message: string }>(
      'select user_id, name, email, message from public.contact_messages where subject = $1',
      [subject],
    )
  ).rows;

beforeAll(async () => {
  stack = await startTestStack();
  cast = await createCast(stack.db);
  anon = stack.anon();
  owner = await asUser(cast.owner);
  admin = await asUser(cast.admin);
});
afterAll(async () => stack?.close());

describe('contact_messages', () => {
  it('a visitor sends a message (return=minimal) and it is stored trimmed', async () => {
    expect((await sendContactMessage(anon, form('anon send'), null)).error).toBeNull();
    expect(await stored('anon send')).toEqual([{ user_id: null, name: 'Ada', email: 'ada@example.com', message: 'Hello\nthere' }]);
  });

  it('a visitor can neither read the row back nor send in someone else’s name', async () => {
    const back = await anon
      .from('contact_messages')
      .insert({ ...clean('anon readback'), user_id: null })
      .select();
    expect(back.error?.code).toBe('42501');
    const spoof = await sendContactMessage(anon, form('anon spoof'), cast.owner.id);
    expect(spoof.error?.message).toMatch(/row-level security/);
    expect(await stored('anon spoof')).toEqual([]);
    const { data } = await anon.from('contact_messages').select('id');
    expect(data).toEqual([]);
  });

  it('a signed-in user sends as themselves (or anonymously), never as another user', async () => {
    expect((await sendContactMessage(owner, form('owner send'), cast.owner.id)).error).toBeNull();
    expect((await stored('owner send'))[0]?.user_id).toBe(cast.owner.id);
    expect((await sendContactMessage(owner, form('owner anonymous'), null)).error).toBeNull();
    expect((await sendContactMessage(owner, form('owner as other'), cast.other.id)).error).toMatchObject({
      message: expect.stringMatching(/row-level security/),
    });
    expect(await stored('owner as other')).toEqual([]);
  });

  it('users cannot read, edit or delete messages, not even their own', async () => {
    const list = await listContactMessages(owner);
    expect(list).toEqual({ data: [], error: null });
    const update = await owner.from('contact_messages').update({ subject: 'changed' }).eq('subject', 'owner send').select();
    expect(update.data).toEqual([]);
    const del = await owner.from('contact_messages').delete().eq('subject', 'owner send').select();
    expect(del.data).toEqual([]);
    expect(await stored('owner send')).toHaveLength(1);
  });

  it('admins read every message, newest first, and may delete but not edit', async () => {
    const { data, error } = await listContactMessages(admin);
    expect(error).toBeNull();
    expect(data!.map((m) => m.subject)).toEqual(expect.arrayContaining(['anon send', 'owner send', 'owner anonymous']));
    const times = data!.map((m) => Date.parse(m.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const update = await admin.from('contact_messages').update({ subject: 'changed' }).eq('subject', 'anon send').select();
    expect(update.data).toEqual([]);
    const del = await admin.from('contact_messages').delete().eq('subject', 'anon send').select('id');
    expect(del.data).toHaveLength(1);
    expect(await stored('anon send')).toEqual([]);
  });

  it('the database enforces the form rules (required fields, e-mail shape, lengths)', async () => {
    const bad: [string, Partial<ContactInput>][] = [
      ['blank name', { name: '   ' }],
      ['blank message', { message: '' }],
      ['bad email', { email: 'not-an-email' }],
      ['long subject', { subject: 'x'.repeat(CONTACT_LIMITS.subject + 1) }],
      ['long message', { message: 'x'.repeat(CONTACT_LIMITS.message + 1) }],
    ];
    for (const [label, change] of bad) {
      const { error } = await anon.from('contact_messages').insert({ ...clean(label), ...change, user_id: null });
      expect(error?.code, label).toBe('23514');
    }
    const { error } = await anon
      .from('contact_messages')
      .insert({ ...clean('at the limit'), message: 'x'.repeat(CONTACT_LIMITS.message), user_id: null });
    expect(error).toBeNull();
  });

  it('deleting the sender’s account keeps the message, without the user id', async () => {
    expect((await sendContactMessage(await asUser(cast.other), form('other send'), cast.other.id)).error).toBeNull();
    await stack.db.query('delete from auth.users where id = $1', [cast.other.id]);
    expect(await stored('other send')).toEqual([{ user_id: null, name: 'Ada', email: 'ada@example.com', message: 'Hello\nthere' }]);
  });
});
