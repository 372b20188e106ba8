/**
 * User management on the admin screen:
 * the validation rules and texts, shared by the dialogs and the admin-users Edge Function so both
 * say exactly the same thing. Pure.
 */
import { isSimpleEmail } from '../auth.ts';
import { PRODUCT_NAME } from '../brand.ts';
import { refuseCreate, type AdminRefusal, type AppRole } from './roles.ts';

/** Admin password minimum 8 characters. */
export const ADMIN_PASSWORD_MIN_LENGTH = 8;

/** An optional plus, a non-zero digit, then 1-14 digits (the profiles.phone check). */
const PHONE_PATTERN = /^\+?[1-9]\d{1,14}$/;

export const PASSWORD_PLACEHOLDER = 'Min. 8 characters';

/** One account as the admin screen lists it (admin_list_users). */
export interface ManagedUser {
  id: string;
  name: string | null;
  email: string;
  phone: string | null;
  role: AppRole;
  created_at: string;
}

export type UserField = 'name' | 'email' | 'phone' | 'password';
export type UserFieldErrors = Partial<Record<UserField, string>>;

export interface UserFormInput {
  name: string;
  email: string;
  phone: string;
  /** Blank keeps the old password when editing. */
  password: string;
}

export const VALIDATION_ERROR_TITLE = 'Validation Error';
export const MISSING_INFORMATION: AdminRefusal = { title: 'Missing Information', message: 'Please provide name, email, and password.' };
export const USER_EXISTS: AdminRefusal = { title: 'User Exists', message: 'A user with this email already exists.' };

export const USER_FIELD_MESSAGES: Record<UserField, string> = {
  name: 'Name cannot be empty.',
  email: 'Please enter a valid email.',
  phone: 'Invalid phone number format.',
  password: 'New password must be at least 8 characters long if provided.',
};

/** Spaces, dashes, dots and brackets people type in phone numbers; the stored form has none. */
export const normalizePhone = (phone: string): string => phone.replace(/[\s\-.()]/g, '');

/** What is stored: trimmed name, trimmed lower-case e-mail, phone without separators. */
export function normalizeUserForm(input: UserFormInput): UserFormInput {
  return {
    name: input.name.trim(),
    email: input.email.trim().toLowerCase(),
    phone: normalizePhone(input.phone.trim()),
    password: input.password,
  };
}

export const isValidPhone = (phone: string): boolean => PHONE_PATTERN.test(normalizePhone(phone.trim()));

/** Every failing field with its message (empty when valid). */
export function validateUserEdit(input: UserFormInput): UserFieldErrors {
  const errors: UserFieldErrors = {};
  if (!input.name.trim()) errors.name = USER_FIELD_MESSAGES.name;
  if (!input.email.trim() || !isSimpleEmail(input.email)) errors.email = USER_FIELD_MESSAGES.email;
  if (input.phone.trim() && !isValidPhone(input.phone)) errors.phone = USER_FIELD_MESSAGES.phone;
  if (input.password && input.password.length < ADMIN_PASSWORD_MIN_LENGTH) errors.password = USER_FIELD_MESSAGES.password;
  return errors;
}

/** The first message in the form's field order, for the 'Validation Error' toast. */
export function firstFieldError(errors: UserFieldErrors): string | null {
  for (const field of ['name', 'email', 'phone', 'password'] as const) if (errors[field]) return errors[field]!;
  return null;
}

/**
 * Name, e-mail and password are required ('Missing Information');
 * then the edit rules; then the role must be one the caller may give ('Action Denied').
 * Returns the refusal to show, or null.
 */
export function validateNewUser(
  input: UserFormInput,
  role: AppRole,
  caller: AppRole | null,
): (AdminRefusal & { fields?: UserFieldErrors }) | null {
  if (!input.name.trim() || !input.email.trim() || !input.password) return MISSING_INFORMATION;
  const fields = validateUserEdit(input);
  const first = firstFieldError(fields);
  if (first) return { title: VALIDATION_ERROR_TITLE, message: first, fields };
  return refuseCreate(caller, role);
}

/** Search by name or e-mail, case-insensitive; a blank query keeps everyone. */
export function filterUsers<T extends Pick<ManagedUser, 'name' | 'email'>>(users: readonly T[], query: string): T[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...users];
  return users.filter((u) => (u.name ?? '').toLowerCase().includes(needle) || u.email.toLowerCase().includes(needle));
}

/** 'AI Vault' → 'ai_vault': the product part of export file names. */
export const productSlug = (productName: string): string =>
  productName
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '') || 'app';

/** Export Users downloads {product}_user_data.json. */
export const userExportFileName = (productName = PRODUCT_NAME): string => `${productSlug(productName)}_user_data.json`;

/** What Export Users writes: the listed accounts, without anything secret (there are no passwords to export). */
export function userExport(users: readonly ManagedUser[]): ManagedUser[] {
  return users.map(({ id, name, email, phone, role, created_at }) => ({ id, name, email, phone, role, created_at }));
}

/** The admin screen's success toasts. */
export const ADMIN_TOASTS = {
  roleUpdated: (who: string, role: string) => ({ title: 'User Role Updated', description: `${who} is now ${role}.` }),
  deleted: (who: string) => ({ title: 'User Deleted', description: `${who} has been removed.` }),
  updated: (who: string) => ({ title: 'User Updated', description: `${who}'s details have been saved.` }),
  added: (who: string, role: string) => ({ title: 'User Added', description: `${who} can now sign in as ${role}.` }),
  usersExported: (count: number, file: string) => ({
    title: 'User Data Exported',
    description: `${count} ${count === 1 ? 'user' : 'users'} saved to ${file}.`,
  }),
  monitoringSaved: { title: 'Monitoring Settings Saved', description: 'Email and phone for server alerts have been updated.' },
} as const;

/** How a person is named in notices: their name, else their e-mail. */
export const displayName = (user: Pick<ManagedUser, 'name' | 'email'>): string => user.name?.trim() || user.email;
