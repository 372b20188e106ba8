/**
 * The role matrix (master_admin manages admins and users; admin manages editors and view_only
 * accounts; editor and view_only manage nobody) as pure rules, used by the admin screen (what to offer) and the
 * admin-users Edge Function (what to refuse, with the user-facing messages). The database enforces the
 * same matrix on its own (profiles' RLS and guard trigger, admin_set_user_role): these rules pick
 * the words, the database has the last say.
 */

export const APP_ROLES = ['user', 'editor', 'view_only', 'admin', 'master_admin'] as const;
export type AppRole = (typeof APP_ROLES)[number];

export const ROLE_LABELS: Record<AppRole, string> = {
  user: 'User',
  editor: 'Editor',
  view_only: 'View Only',
  admin: 'Admin',
  master_admin: 'Master Admin',
};

/** The role a user added from the admin screen gets. */
export const DEFAULT_NEW_USER_ROLE: AppRole = 'editor';

export const isAppRole = (value: unknown): value is AppRole =>
  typeof value === 'string' && (APP_ROLES as readonly string[]).includes(value);

export const isAdminRole = (role: AppRole | null | undefined): boolean => role === 'admin' || role === 'master_admin';

/** The page title by the viewer's role. */
export const adminScreenTitle = (role: AppRole): string => (role === 'master_admin' ? 'Master Admin Dashboard' : 'Admin Control Panel');

/** Whether the caller may see and manage an account with the target role (the caller's own account aside). */
export function canManageRole(caller: AppRole | null | undefined, target: AppRole): boolean {
  if (caller === 'master_admin') return target !== 'master_admin';
  if (caller === 'admin') return target === 'user' || target === 'editor' || target === 'view_only';
  return false;
}

/** Roles may be changed to admin (master admin only), editor or view_only. */
export function assignableRoles(caller: AppRole | null | undefined): AppRole[] {
  if (caller === 'master_admin') return ['admin', 'editor', 'view_only'];
  if (caller === 'admin') return ['editor', 'view_only'];
  return [];
}

/** A refusal as the admin screen shows it: toast title and text. */
export interface AdminRefusal {
  title: string;
  message: string;
}

export const ACCESS_DENIED: AdminRefusal = { title: 'Access Denied', message: 'You do not have permission to view this page.' };
const CANNOT_CREATE_ADMIN: AdminRefusal = { title: 'Action Denied', message: 'Cannot create Admin accounts from this panel.' };
const CANNOT_DELETE_ADMIN: AdminRefusal = { title: 'Action Denied', message: 'Regular admins cannot delete other admin accounts.' };
const CANNOT_EDIT_ADMIN: AdminRefusal = { title: 'Action Denied', message: 'Regular admins cannot edit other admin accounts.' };
const MASTER_ADMIN_UNTOUCHABLE: AdminRefusal = { title: 'Action Denied', message: 'A master admin account cannot be edited or deleted.' };
const NOT_YOUR_OWN_ACCOUNT: AdminRefusal = {
  title: 'Action Denied',
  message: 'You cannot edit or delete your own account from this panel. Use Settings instead.',
};

/** A role the panel never gives (User): the refusal names the roles it does give. */
function roleNotAssignable(caller: AppRole, role: AppRole): AdminRefusal {
  const labels = assignableRoles(caller).map((r) => ROLE_LABELS[r]);
  const choices = labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}` : (labels[0] ?? '');
  return { title: 'Action Denied', message: `The role ${ROLE_LABELS[role]} cannot be given from this panel. Choose ${choices}.` };
}

/** Whether the caller may create an account with this role; the refusal otherwise. */
export function refuseCreate(caller: AppRole | null | undefined, role: AppRole): AdminRefusal | null {
  if (!isAdminRole(caller)) return ACCESS_DENIED;
  if (assignableRoles(caller).includes(role)) return null;
  return isAdminRole(role) ? CANNOT_CREATE_ADMIN : roleNotAssignable(caller!, role);
}

/** Whether the caller may edit or delete the target account; the refusal message otherwise. */
export function refuseManage(
  action: 'edit' | 'delete',
  caller: AppRole | null | undefined,
  target: { role: AppRole; self: boolean },
): AdminRefusal | null {
  if (!isAdminRole(caller)) return ACCESS_DENIED;
  if (target.self) return NOT_YOUR_OWN_ACCOUNT;
  if (target.role === 'master_admin') return MASTER_ADMIN_UNTOUCHABLE;
  if (canManageRole(caller, target.role)) return null;
  return action === 'delete' ? CANNOT_DELETE_ADMIN : CANNOT_EDIT_ADMIN;
}

/** The roles guide card, in the order the roles rank. */
export const ROLES_GUIDE: readonly { role: AppRole; summary: string }[] = [
  {
    role: 'master_admin',
    summary:
      'Absolute control: manages admins and users, may assign Admin, Editor or View Only, and sees the monitoring and backup cards. Master admin accounts cannot be edited or deleted here.',
  },
  {
    role: 'admin',
    summary:
      'Manages Editor and View Only accounts. Admin and master admin accounts are hidden from admins, who cannot create or manage other admins.',
  },
  {
    role: 'editor',
    summary: 'Uploads, analyzes and manages their own documents and workspaces, and can share them. New users added here start as Editors.',
  },
  { role: 'view_only', summary: 'Views documents and workspaces shared with them; cannot modify them.' },
  { role: 'user', summary: 'The default role of a new sign-up: every tool, with data scoped to their own account.' },
];
