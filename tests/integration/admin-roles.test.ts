import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMonitoringSettings, saveMonitoringSettings } from '@/shared/data/admin/monitoring.ts';
import { listManagedUsers, setUserRole } from '@/shared/data/admin/users.ts';
import type { AppRole } from '@/shared/core/admin/roles.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { makePerson, roleOf, shown, type Person } from './admin-helpers.ts';

/**
 * The admin screen's database calls, per role, through the real client and /rest/v1: the list of
 * managed accounts (admin_list_users), Change Role (admin_set_user_role) and the monitoring
 * contacts. Every refusal comes from the database, not from the dashboard.
 */
let stack: TestStack;
const cast = {} as Record<'master' | 'master2' | 'admin' | 'admin2' | 'editor' | 'viewer' | 'user', Person>;

beforeAll(async () => {
  stack = await startTestStack();
  cast.master = await makePerson(stack, 'master_admin', 'Mia Master');
  cast.master2 = await makePerson(stack, 'master_admin');
  cast.admin = await makePerson(stack, 'admin', 'Ada Admin');
  cast.admin2 = await makePerson(stack, 'admin');
  cast.editor = await makePerson(stack, 'editor', 'Eddie Editor');
  cast.viewer = await makePerson(stack, 'view_only');
  cast.user = await makePerson(stack, 'user', 'Uma User');
});
afterAll(async () => stack?.close());

const ids = (list: { id: string }[]) => list.map((u) => u.id).sort();

describe(`admin_list_users (${testDbKind})`, () => {
  it('a master admin sees every account except master admins (themselves included)', async () => {
    const { data, error } = await listManagedUsers(cast.master.client);
    expect(error).toBeNull();
    expect(ids(data!)).toEqual(ids([cast.admin, cast.admin2, cast.editor, cast.viewer, cast.user]));
    expect(data!.find((u) => u.id === cast.editor.id)).toMatchObject({
      name: 'Eddie Editor',
      email: cast.editor.email,
      phone: null,
      role: 'editor',
    });
  });

  it('an admin sees only editor, view_only and user accounts, not other admins nor themselves', async () => {
    const { data, error } = await listManagedUsers(cast.admin.client);
    expect(error).toBeNull();
    expect(ids(data!)).toEqual(ids([cast.editor, cast.viewer, cast.user]));
  });

  it('editor, view_only and user are refused by the server with Access Denied; anon cannot call it', async () => {
    for (const person of [cast.editor, cast.viewer, cast.user]) {
      const { data, error } = await listManagedUsers(person.client);
      expect(data).toBeNull();
      expect(shown(error)).toEqual({ title: 'Access Denied', message: 'You do not have permission to view this page.' });
    }
    const anon = await stack.anon().rpc('admin_list_users');
    expect(anon.error?.code).toBe('42501');
    expect(anon.data).toBeNull();
  });
});

describe(`admin_set_user_role (${testDbKind})`, () => {
  const attempt = async (actor: Person, target: Person, role: AppRole) => {
    const before = await roleOf(stack, target.id);
    const { data, error } = await setUserRole(actor.client, target.id, role);
    const after = await roleOf(stack, target.id);
    if (!error) {
      expect(data).toMatchObject({ id: target.id, role });
      expect(after).toBe(role);
    } else {
      expect(after).toBe(before);
    }
    return shown(error);
  };

  it('a master admin may assign admin, editor and view_only', async () => {
    const target = await makePerson(stack, 'user');
    expect(await attempt(cast.master, target, 'admin')).toBeNull();
    expect(await attempt(cast.master, target, 'view_only')).toBeNull();
    expect(await attempt(cast.master, target, 'editor')).toBeNull();
    expect(await attempt(cast.master, cast.admin2, 'editor')).toBeNull(); // demotes another admin
    await stack.db.query("update public.profiles set role = 'admin' where id = $1", [cast.admin2.id]);
  });

  it('nobody assigns master_admin or the plain user role from the admin screen', async () => {
    const target = await makePerson(stack, 'editor');
    expect(await attempt(cast.master, target, 'master_admin')).toMatchObject({
      message: 'You are not allowed to assign the role master_admin.',
    });
    expect(await attempt(cast.master, target, 'user')).toMatchObject({ message: 'You are not allowed to assign the role user.' });
  });

  it('a master admin account cannot be changed, not even by another master admin', async () => {
    expect(await attempt(cast.master, cast.master2, 'admin')).toMatchObject({ message: 'User not found.' });
  });

  it('nobody changes their own role', async () => {
    expect(await attempt(cast.master, cast.master, 'admin')).toEqual({
      title: 'Access Denied',
      message: 'You cannot change your own role.',
    });
    expect(await attempt(cast.admin, cast.admin, 'editor')).toEqual({
      title: 'Access Denied',
      message: 'You cannot change your own role.',
    });
  });

  it('an admin assigns editor and view_only to editor, view_only and user accounts only', async () => {
    const target = await makePerson(stack, 'user');
    expect(await attempt(cast.admin, target, 'editor')).toBeNull();
    expect(await attempt(cast.admin, target, 'view_only')).toBeNull();
    expect(await attempt(cast.admin, target, 'admin')).toMatchObject({
      title: 'Access Denied',
      message: 'You are not allowed to assign the role admin.',
    });
    expect(await attempt(cast.admin, cast.admin2, 'editor')).toMatchObject({ message: 'User not found.' });
    expect(await attempt(cast.admin, cast.master, 'editor')).toMatchObject({ message: 'User not found.' });
  });

  it('editor, view_only and user cannot change anyone’s role; anon cannot call it', async () => {
    for (const actor of [cast.editor, cast.viewer, cast.user]) {
      expect(await attempt(actor, cast.user.id === actor.id ? cast.editor : cast.user, 'view_only')).toEqual({
        title: 'Access Denied',
        message: 'You do not have permission to view this page.',
      });
    }
    const anon = await stack.anon().rpc('admin_set_user_role', { target_id: cast.user.id, new_role: 'admin' });
    expect(anon.error?.code).toBe('42501');
    expect(await roleOf(stack, cast.user.id)).toBe('user');
  });

  it('the plain REST update of profiles.role follows the same matrix (guard trigger)', async () => {
    const target = await makePerson(stack, 'editor');
    const promote = await cast.admin.client.from('profiles').update({ role: 'admin' }).eq('id', target.id).select();
    expect(promote.error?.code).toBe('42501');
    const own = await cast.editor.client.from('profiles').update({ role: 'admin' }).eq('id', cast.editor.id).select();
    expect(own.error).toMatchObject({ code: '42501', message: 'You cannot change your own role.' });
    // Like admin_set_user_role: roles go to admin (master admin only), editor or view_only — never back to user.
    for (const actor of [cast.admin, cast.master]) {
      const demote = await actor.client.from('profiles').update({ role: 'user' }).eq('id', target.id).select();
      expect(demote.error).toMatchObject({ code: '42501', message: 'You are not allowed to assign the role user.' });
    }
    const allowed = await cast.admin.client.from('profiles').update({ role: 'view_only' }).eq('id', target.id).select('role');
    expect(allowed).toMatchObject({ error: null, data: [{ role: 'view_only' }] });
    await stack.db.query("update public.profiles set role = 'editor' where id = $1", [target.id]);
    expect(await roleOf(stack, target.id)).toBe('editor');
    expect(await roleOf(stack, cast.editor.id)).toBe('editor');
  });
});

describe(`monitoring settings (${testDbKind})`, () => {
  it('a master admin stores and reads the alert contacts; the row records who saved it', async () => {
    expect((await getMonitoringSettings(cast.master.client)).data).toEqual({ alertEmail: '', alertPhone: '', updatedAt: null });
    const saved = await saveMonitoringSettings(cast.master.client, { alertEmail: 'ops@example.com', alertPhone: '+15550123' });
    expect(saved.error).toBeNull();
    expect(saved.data).toMatchObject({ alertEmail: 'ops@example.com', alertPhone: '+15550123' });
    const again = await saveMonitoringSettings(cast.master2.client, { alertEmail: 'oncall@example.com', alertPhone: '' });
    expect(again.data).toMatchObject({ alertEmail: 'oncall@example.com', alertPhone: '' });
    const { rows } = await stack.db.query<{ n: number; updated_by: string }>(
      'select count(*) over ()::int as n, updated_by from public.monitoring_settings',
    );
    expect(rows).toEqual([{ n: 1, updated_by: cast.master2.id }]);
  });

  it('admins and everyone else neither read nor write them', async () => {
    for (const person of [cast.admin, cast.editor, cast.user]) {
      expect((await getMonitoringSettings(person.client)).data).toEqual({ alertEmail: '', alertPhone: '', updatedAt: null });
      const write = await saveMonitoringSettings(person.client, { alertEmail: 'evil@example.com', alertPhone: '' });
      expect(write.error).toEqual({
        message: 'new row violates row-level security policy for table "monitoring_settings"',
        code: '42501',
        kind: 'refused',
      });
    }
    const { rows } = await stack.db.query<{ alert_email: string }>('select alert_email from public.monitoring_settings');
    expect(rows).toEqual([{ alert_email: 'oncall@example.com' }]);
  });

  it('the database refuses malformed contacts', async () => {
    const badPhone = await saveMonitoringSettings(cast.master.client, { alertEmail: '', alertPhone: '0123' });
    expect(badPhone.error?.message).toMatch(/check constraint/);
    const badEmail = await saveMonitoringSettings(cast.master.client, { alertEmail: 'not-an-email', alertPhone: '' });
    expect(badEmail.error?.message).toMatch(/check constraint/);
  });
});
