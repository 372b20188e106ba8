import { describe, expect, it } from 'vitest';
import {
  adminScreenTitle,
  APP_ROLES,
  assignableRoles,
  canManageRole,
  refuseCreate,
  refuseManage,
  ROLES_GUIDE,
  type AppRole,
} from '@/shared/core/admin/roles.ts';
import {
  filterUsers,
  firstFieldError,
  isValidPhone,
  normalizeUserForm,
  productSlug,
  userExport,
  userExportFileName,
  validateNewUser,
  validateUserEdit,
  type ManagedUser,
} from '@/shared/core/admin/users.ts';
import { validateMonitoring } from '@/shared/core/admin/monitoring.ts';

const valid = { name: 'Ada', email: 'ada@example.com', phone: '', password: '' };

describe('admin edit user validation', () => {
  it('accepts a valid form, with or without phone and new password', () => {
    expect(validateUserEdit(valid)).toEqual({});
    expect(validateUserEdit({ ...valid, phone: '+447700900123', password: '12345678' })).toEqual({});
  });

  it('names every failing field with the product’s message', () => {
    expect(validateUserEdit({ name: '  ', email: 'nope', phone: '0123', password: 'short' })).toEqual({
      name: 'Name cannot be empty.',
      email: 'Please enter a valid email.',
      phone: 'Invalid phone number format.',
      password: 'New password must be at least 8 characters long if provided.',
    });
    expect(validateUserEdit({ ...valid, email: '' }).email).toBe('Please enter a valid email.');
    expect(firstFieldError(validateUserEdit({ ...valid, email: 'x@y', password: '1' }))).toBe('Please enter a valid email.');
    expect(firstFieldError({})).toBeNull();
  });

  it('e-mail is shaped like x@y.z', () => {
    for (const email of ['a@b.co', ' first.last+tag@sub.example.org ']) expect(validateUserEdit({ ...valid, email }).email).toBeUndefined();
    for (const email of ['a@b', 'a b@c.de', '@b.co', 'a@.', 'a@b.']) expect(validateUserEdit({ ...valid, email }).email).toBeDefined();
  });

  it('phone: optional plus, a non-zero digit, then 1-14 digits (separators people type are ignored)', () => {
    for (const phone of ['12', '+12', '+123456789012345', '447700900123', '+1 (555) 010-2030', '+44.7700.900.123'])
      expect(isValidPhone(phone)).toBe(true);
    for (const phone of ['1', '+1', '0123', '+0123', '+1234567890123456', '12a45', '++123']) expect(isValidPhone(phone)).toBe(false);
  });

  it('a password of exactly 8 characters is enough; blank keeps the old one', () => {
    expect(validateUserEdit({ ...valid, password: '1234567' }).password).toBeDefined();
    expect(validateUserEdit({ ...valid, password: '12345678' }).password).toBeUndefined();
    expect(validateUserEdit({ ...valid, password: '' }).password).toBeUndefined();
  });

  it('normalizes what is stored', () => {
    expect(normalizeUserForm({ name: ' Ada  ', email: ' Ada@Example.COM ', phone: ' +1 555-010 ', password: ' kept as typed ' })).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      phone: '+1555010',
      password: ' kept as typed ',
    });
  });
});

describe('admin add user', () => {
  const form = { ...valid, password: 'secret-pass' };
  it('requires name, e-mail and password first (Missing Information)', () => {
    const missing = { title: 'Missing Information', message: 'Please provide name, email, and password.' };
    expect(validateNewUser({ ...form, name: ' ' }, 'editor', 'admin')).toEqual(missing);
    expect(validateNewUser({ ...form, email: '' }, 'editor', 'admin')).toEqual(missing);
    expect(validateNewUser({ ...form, password: '' }, 'editor', 'admin')).toEqual(missing);
  });

  it('then the edit rules (Validation Error), then the role (Action Denied)', () => {
    expect(validateNewUser({ ...form, password: 'short' }, 'editor', 'admin')).toMatchObject({
      title: 'Validation Error',
      message: 'New password must be at least 8 characters long if provided.',
      fields: { password: 'New password must be at least 8 characters long if provided.' },
    });
    expect(validateNewUser(form, 'admin', 'admin')).toEqual({
      title: 'Action Denied',
      message: 'Cannot create Admin accounts from this panel.',
    });
    expect(validateNewUser(form, 'admin', 'master_admin')).toBeNull();
    expect(validateNewUser(form, 'master_admin', 'master_admin')).toMatchObject({ title: 'Action Denied' });
    expect(validateNewUser(form, 'editor', 'admin')).toBeNull();
    expect(validateNewUser(form, 'editor', 'editor')).toMatchObject({ title: 'Access Denied' });
    // The plain User role is not an admin account: the refusal says what it is.
    expect(validateNewUser(form, 'user', 'admin')).toEqual({
      title: 'Action Denied',
      message: 'The role User cannot be given from this panel. Choose Editor or View Only.',
    });
    expect(validateNewUser(form, 'user', 'master_admin')?.message).toBe(
      'The role User cannot be given from this panel. Choose Admin, Editor or View Only.',
    );
  });
});

describe('role matrix', () => {
  const manageable = (caller: AppRole | null) => APP_ROLES.filter((target) => canManageRole(caller, target));

  it('master_admin manages every role but master_admin; admin manages user, editor and view_only; others nothing', () => {
    expect(manageable('master_admin')).toEqual(['user', 'editor', 'view_only', 'admin']);
    expect(manageable('admin')).toEqual(['user', 'editor', 'view_only']);
    for (const caller of ['editor', 'view_only', 'user', null] as const) expect(manageable(caller)).toEqual([]);
  });

  it('roles may be changed to admin (master admin only), editor or view_only', () => {
    expect(assignableRoles('master_admin')).toEqual(['admin', 'editor', 'view_only']);
    expect(assignableRoles('admin')).toEqual(['editor', 'view_only']);
    expect(assignableRoles('editor')).toEqual([]);
  });

  it('refuses with the product’s words', () => {
    expect(refuseManage('delete', 'admin', { role: 'admin', self: false })).toEqual({
      title: 'Action Denied',
      message: 'Regular admins cannot delete other admin accounts.',
    });
    expect(refuseManage('edit', 'admin', { role: 'admin', self: false })?.message).toBe('Regular admins cannot edit other admin accounts.');
    expect(refuseManage('edit', 'master_admin', { role: 'master_admin', self: false })?.message).toBe(
      'A master admin account cannot be edited or deleted.',
    );
    expect(refuseManage('delete', 'master_admin', { role: 'admin', self: true })?.title).toBe('Action Denied');
    expect(refuseManage('delete', 'user', { role: 'user', self: false })).toEqual({
      title: 'Access Denied',
      message: 'You do not have permission to view this page.',
    });
    expect(refuseManage('delete', 'master_admin', { role: 'admin', self: false })).toBeNull();
    expect(refuseManage('edit', 'admin', { role: 'view_only', self: false })).toBeNull();
    expect(refuseCreate(null, 'editor')?.title).toBe('Access Denied');
  });

  it('titles the screen by role and guides every role', () => {
    expect(adminScreenTitle('master_admin')).toBe('Master Admin Dashboard');
    expect(adminScreenTitle('admin')).toBe('Admin Control Panel');
    expect(ROLES_GUIDE.map((r) => r.role).sort()).toEqual([...APP_ROLES].sort());
  });
});

describe('search and export', () => {
  const users: ManagedUser[] = [
    { id: '1', name: 'Ada Lovelace', email: 'ada@example.com', phone: null, role: 'editor', created_at: '2026-01-01T00:00:00Z' },
    { id: '2', name: null, email: 'grace@navy.mil', phone: '+15550100', role: 'view_only', created_at: '2026-01-02T00:00:00Z' },
  ];

  it('finds people by name or e-mail, ignoring case and surrounding space', () => {
    expect(filterUsers(users, ' LOVE ').map((u) => u.id)).toEqual(['1']);
    expect(filterUsers(users, 'navy').map((u) => u.id)).toEqual(['2']);
    expect(filterUsers(users, '').map((u) => u.id)).toEqual(['1', '2']);
    expect(filterUsers(users, 'zzz')).toEqual([]);
  });

  it('names the export file after the product: {product}_user_data.json', () => {
    expect(userExportFileName()).toBe('ai_vault_user_data.json');
    expect(userExportFileName('Acme Tools!')).toBe('acme_tools_user_data.json');
    expect(productSlug('  ')).toBe('app');
  });

  it('exports the listed fields only', () => {
    const extra = [{ ...users[0]!, password: 'never' } as ManagedUser];
    expect(userExport(extra)).toEqual([users[0]]);
  });
});

describe('monitoring contacts', () => {
  it('may be blank; given ones must be a valid e-mail and phone', () => {
    expect(validateMonitoring({ alertEmail: '', alertPhone: '' })).toEqual({});
    expect(validateMonitoring({ alertEmail: 'ops@example.com', alertPhone: '+1 555 0100' })).toEqual({});
    expect(validateMonitoring({ alertEmail: 'ops', alertPhone: '0' })).toEqual({
      alertEmail: 'Please enter a valid email.',
      alertPhone: 'Invalid phone number format.',
    });
  });
});
