import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManagedUser, deleteManagedUser, updateManagedUser } from '@/shared/data/admin/users.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { accountExists, makePerson, PASSWORD, postFunction, roleOf, shown, signIn, uniqueEmail, type Person } from './admin-helpers.ts';

/**
 * The admin-users Edge Function through supabase-js functions.invoke on the local stack: create,
 * edit and delete per role, with the validation and refusal messages, and what really
 * happened in Auth and the database afterwards.
 */
let stack: TestStack;
const cast = {} as Record<'master' | 'master2' | 'admin' | 'admin2' | 'editor' | 'viewer' | 'user', Person>;

beforeAll(async () => {
  stack = await startTestStack();
  cast.master = await makePerson(stack, 'master_admin');
  cast.master2 = await makePerson(stack, 'master_admin');
  cast.admin = await makePerson(stack, 'admin');
  cast.admin2 = await makePerson(stack, 'admin');
  cast.editor = await makePerson(stack, 'editor');
  cast.viewer = await makePerson(stack, 'view_only');
  cast.user = await makePerson(stack, 'user');
});
afterAll(async () => stack?.close());

const form = (over: Partial<{ name: string; email: string; phone: string; password: string }> = {}) => ({
  name: 'New Person',
  email: uniqueEmail('new'),
  phone: '',
  password: 'new-person-pw',
  ...over,
});
const DENIED = { title: 'Access Denied', message: 'You do not have permission to view this page.' };

describe(`create (${testDbKind})`, () => {
  it('an admin adds a user: confirmed, can sign in, default role editor, name and phone stored', async () => {
    const input = form({ name: '  Nora New ', email: uniqueEmail('Nora').toUpperCase(), phone: '+1 555 010 2030' });
    const { data, error } = await createManagedUser(cast.admin.client, { ...input, role: 'editor' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ name: 'Nora New', email: input.email.toLowerCase(), phone: '+15550102030', role: 'editor' });
    expect(await signIn(stack, input.email.toLowerCase(), input.password)).not.toBeNull();
    // Without a role in the request, the default role (editor) applies.
    const raw = await postFunction(stack, { action: 'create', ...form() }, cast.admin.token);
    expect(raw.status).toBe(201);
    expect((raw.body as { user?: { role: string } }).user?.role).toBe('editor');
  });

  it('a master admin may add an admin; an admin may not (Action Denied), and no account is left behind', async () => {
    const byMaster = await createManagedUser(cast.master.client, { ...form(), role: 'admin' });
    expect(byMaster.data?.role).toBe('admin');
    const input = form();
    const byAdmin = await createManagedUser(cast.admin.client, { ...input, role: 'admin' });
    expect(shown(byAdmin.error)).toEqual({ title: 'Action Denied', message: 'Cannot create Admin accounts from this panel.' });
    expect((await stack.db.query('select 1 from auth.users where email = $1', [input.email])).rows).toHaveLength(0);
    const master = await createManagedUser(cast.master.client, { ...form(), role: 'master_admin' });
    expect(shown(master.error)).toEqual({ title: 'Action Denied', message: 'Cannot create Admin accounts from this panel.' });
    // The plain User role is refused too (roles go to admin, editor or view_only), with its own words.
    const plain = form();
    const asUser = await createManagedUser(cast.admin.client, { ...plain, role: 'user' });
    expect(shown(asUser.error)).toEqual({
      title: 'Action Denied',
      message: 'The role User cannot be given from this panel. Choose Editor or View Only.',
    });
    expect((await stack.db.query('select 1 from auth.users where email = $1', [plain.email])).rows).toHaveLength(0);
  });

  it('refuses missing fields, bad values and a taken e-mail with the product’s messages', async () => {
    const cases: [Partial<ReturnType<typeof form>>, { title: string; message: string }][] = [
      [{ name: ' ' }, { title: 'Missing Information', message: 'Please provide name, email, and password.' }],
      [{ email: '' }, { title: 'Missing Information', message: 'Please provide name, email, and password.' }],
      [{ password: '' }, { title: 'Missing Information', message: 'Please provide name, email, and password.' }],
      [{ email: 'nobody@nowhere' }, { title: 'Validation Error', message: 'Please enter a valid email.' }],
      [{ phone: '0123456' }, { title: 'Validation Error', message: 'Invalid phone number format.' }],
      [{ password: 'short' }, { title: 'Validation Error', message: 'New password must be at least 8 characters long if provided.' }],
      [{ email: cast.editor.email.toUpperCase() }, { title: 'User Exists', message: 'A user with this email already exists.' }],
    ];
    for (const [over, expected] of cases) {
      const { data, error } = await createManagedUser(cast.admin.client, { ...form(over), role: 'editor' });
      expect(data).toBeNull();
      expect(shown(error)).toEqual(expected);
    }
  });

  it('editor, view_only and user are refused; anon and forged tokens too', async () => {
    for (const person of [cast.editor, cast.viewer, cast.user]) {
      const input = form();
      expect(shown((await createManagedUser(person.client, { ...input, role: 'editor' })).error)).toEqual(DENIED);
      expect((await stack.db.query('select 1 from auth.users where email = $1', [input.email])).rows).toHaveLength(0);
    }
    expect(await postFunction(stack, { action: 'create', ...form() })).toMatchObject({ status: 401, body: { title: 'Access Denied' } });
    expect((await postFunction(stack, { action: 'create', ...form() }, 'not.a.jwt')).status).toBe(401);
  });

  it('answers malformed requests clearly', async () => {
    const token = cast.admin.token;
    expect(await postFunction(stack, 'not json', token)).toMatchObject({ status: 400, body: { title: 'Validation Error' } });
    expect(await postFunction(stack, { action: 'promote' }, token)).toMatchObject({
      status: 400,
      body: { error: 'Unknown action: use create, update or delete.' },
    });
    expect(await postFunction(stack, { action: 'delete', id: 'x' }, token)).toMatchObject({ status: 400 });
  });
});

describe(`edit (${testDbKind})`, () => {
  it('an admin changes name, e-mail, phone and password of an editor; Auth and profile follow', async () => {
    const target = await makePerson(stack, 'editor');
    const email = uniqueEmail('renamed');
    const { data, error } = await updateManagedUser(cast.admin.client, target.id, {
      name: 'Renamed',
      email,
      phone: '+447700900123',
      password: 'brand-new-pass',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: target.id, name: 'Renamed', email, phone: '+447700900123', role: 'editor' });
    expect(await signIn(stack, email, 'brand-new-pass')).not.toBeNull();
    expect(await signIn(stack, target.email, PASSWORD)).toBeNull();
  });

  it('a blank password keeps the old one', async () => {
    const target = await makePerson(stack, 'view_only');
    const { error } = await updateManagedUser(cast.master.client, target.id, {
      name: 'Kept',
      email: target.email,
      phone: '',
      password: '',
    });
    expect(error).toBeNull();
    expect(await signIn(stack, target.email, PASSWORD)).not.toBeNull();
  });

  it('validates with the product’s rules and refuses a taken e-mail', async () => {
    const target = await makePerson(stack, 'editor');
    const base = { name: 'Valid', email: target.email, phone: '', password: '' };
    const cases: [Partial<typeof base>, { title: string; message: string }][] = [
      [{ name: '' }, { title: 'Validation Error', message: 'Name cannot be empty.' }],
      [{ email: 'x@y' }, { title: 'Validation Error', message: 'Please enter a valid email.' }],
      [{ phone: '+0123' }, { title: 'Validation Error', message: 'Invalid phone number format.' }],
      [{ phone: '+1234567890123456' }, { title: 'Validation Error', message: 'Invalid phone number format.' }],
      [{ password: '1234567' }, { title: 'Validation Error', message: 'New password must be at least 8 characters long if provided.' }],
      [{ email: cast.viewer.email }, { title: 'User Exists', message: 'A user with this email already exists.' }],
    ];
    for (const [over, expected] of cases)
      expect(shown((await updateManagedUser(cast.admin.client, target.id, { ...base, ...over })).error)).toEqual(expected);
    const { rows } = await stack.db.query<{ name: string | null; email: string }>('select name, email from public.profiles where id = $1', [
      target.id,
    ]);
    expect(rows[0]).toEqual({ name: null, email: target.email });
  });

  it('refuses admin accounts to admins, master admins to everyone, and one’s own account', async () => {
    const edit = (actor: Person, target: Person) =>
      updateManagedUser(actor.client, target.id, { name: 'Hijacked', email: target.email, phone: '', password: '' });
    expect(shown((await edit(cast.admin, cast.admin2)).error)).toEqual({
      title: 'Action Denied',
      message: 'Regular admins cannot edit other admin accounts.',
    });
    expect(shown((await edit(cast.admin, cast.master)).error)).toEqual({
      title: 'Action Denied',
      message: 'A master admin account cannot be edited or deleted.',
    });
    expect(shown((await edit(cast.master, cast.master2)).error)).toEqual({
      title: 'Action Denied',
      message: 'A master admin account cannot be edited or deleted.',
    });
    expect((await edit(cast.admin, cast.admin)).error?.title).toBe('Action Denied');
    expect(shown((await edit(cast.editor, cast.user)).error)).toEqual(DENIED);
    const { rows } = await stack.db.query("select 1 from public.profiles where name = 'Hijacked'");
    expect(rows).toHaveLength(0);
  });

  it('a master admin edits an admin', async () => {
    const target = await makePerson(stack, 'admin');
    const { data } = await updateManagedUser(cast.master.client, target.id, {
      name: 'Managed Admin',
      email: target.email,
      phone: '',
      password: '',
    });
    expect(data).toMatchObject({ name: 'Managed Admin', role: 'admin' });
  });
});

describe(`delete (${testDbKind})`, () => {
  it('an admin deletes an editor: the account and its profile are gone', async () => {
    const target = await makePerson(stack, 'editor');
    const { data, error } = await deleteManagedUser(cast.admin.client, target.id);
    expect(error).toBeNull();
    expect(data).toBe(target.id);
    expect(await accountExists(stack, target.id)).toBe(false);
    expect(await roleOf(stack, target.id)).toBeNull();
    expect(await signIn(stack, target.email)).toBeNull();
  });

  it('regular admins cannot delete other admins (Action Denied); a master admin can', async () => {
    const target = await makePerson(stack, 'admin');
    expect(shown((await deleteManagedUser(cast.admin.client, target.id)).error)).toEqual({
      title: 'Action Denied',
      message: 'Regular admins cannot delete other admin accounts.',
    });
    expect(await accountExists(stack, target.id)).toBe(true);
    expect((await deleteManagedUser(cast.master.client, target.id)).error).toBeNull();
    expect(await accountExists(stack, target.id)).toBe(false);
  });

  it('master admins, one’s own account and unknown ids are refused; non-admins are denied', async () => {
    expect((await deleteManagedUser(cast.master.client, cast.master2.id)).error?.message).toBe(
      'A master admin account cannot be edited or deleted.',
    );
    expect((await deleteManagedUser(cast.admin.client, cast.master.id)).error?.message).toBe(
      'A master admin account cannot be edited or deleted.',
    );
    expect((await deleteManagedUser(cast.admin.client, cast.admin.id)).error?.title).toBe('Action Denied');
    expect(shown((await deleteManagedUser(cast.admin.client, '00000000-0000-4000-8000-000000000000')).error)).toEqual({
      title: 'User Not Found',
      message: 'This user no longer exists.',
    });
    for (const actor of [cast.editor, cast.viewer, cast.user])
      expect(shown((await deleteManagedUser(actor.client, cast.viewer.id === actor.id ? cast.user.id : cast.viewer.id)).error)).toEqual(
        DENIED,
      );
    expect(await postFunction(stack, { action: 'delete', id: cast.user.id })).toMatchObject({ status: 401 });
    for (const person of [cast.master, cast.master2, cast.admin, cast.viewer, cast.user])
      expect(await accountExists(stack, person.id)).toBe(true);
  });
});
