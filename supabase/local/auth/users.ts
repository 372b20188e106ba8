import bcrypt from 'bcryptjs';
import type { Queryable } from '../db/types.ts';
import { unprocessable, validationFailed } from './errors.ts';

/** An auth.users row as both drivers return it. */
export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  phone: string | null;
  phone_confirmed_at: Date | null;
  banned_until: Date | null;
  is_anonymous: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
  email: string | null;
}

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  created_at: Date;
  updated_at: Date;
  secret: string | null;
  last_challenged_at: Date | null;
}

const iso = (d: Date | string | null | undefined): string | undefined => (d ? new Date(d).toISOString() : undefined);

// GoTrue's e-mail pattern (RFC 5322-ish, as in its validateEmail).
const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function validateEmail(email: string | undefined): string {
  const value = (email ?? '').trim();
  if (!value) throw validationFailed('An email address is required');
  if (value.length > 255 || !EMAIL_RE.test(value)) throw validationFailed('Unable to validate email address: invalid format');
  return value.toLowerCase();
}

const MIN_PASSWORD_LENGTH = 6;

export function validatePassword(password: string | undefined): string {
  if (password === undefined || password.length < MIN_PASSWORD_LENGTH) {
    throw unprocessable('weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  // bcrypt reads only the first 72 bytes: a longer password would sign in with any ending.
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) throw validationFailed('Password cannot be longer than 72 characters');
  return password;
}

/** bcrypt's input limit, in bytes (a multi-byte character counts several). */
const MAX_PASSWORD_BYTES = 72;

export const hashPassword = (password: string): Promise<string> => bcrypt.hash(password, 10);

export async function checkPassword(user: UserRow, password: string): Promise<boolean> {
  // No password this long can have been set, and bcrypt would compare only its first 72 bytes.
  if (!user.encrypted_password || Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) return false;
  try {
    return await bcrypt.compare(password, user.encrypted_password);
  } catch {
    return false;
  }
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const { rows } = await db.query<UserRow>('select * from auth.users where id = $1', [id]);
  return rows[0] ?? null;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>('select * from auth.users where lower(email) = lower($1)', [email]);
  return rows[0] ?? null;
}

export function isConfirmed(user: UserRow): boolean {
  return Boolean(user.email_confirmed_at || user.phone_confirmed_at);
}

export function isBanned(user: UserRow): boolean {
  return Boolean(user.banned_until && new Date(user.banned_until).getTime() > Date.now());
}

/** GoTrue's metadata update: top-level keys merged, null deletes the key. */
export function mergeMetadata(current: Record<string, unknown> | null, patch: Record<string, unknown>): Record<string, unknown> {
  const next: Record<string, unknown> = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

/** Inserts a user with its e-mail identity. */
export async function createUser(
  db: Queryable,
  input: {
    email: string;
    password?: string | null;
    userMetadata?: Record<string, unknown>;
    appMetadata?: Record<string, unknown>;
    confirmed?: boolean;
    role?: string;
    invited?: boolean;
    provider?: string;
  },
): Promise<UserRow> {
  const provider = input.provider ?? 'email';
  const appMeta = { provider, providers: [provider], ...(input.appMetadata ?? {}) };
  const encrypted = input.password ? await hashPassword(input.password) : null;
  const { rows } = await db.query<UserRow>(
    `insert into auth.users (instance_id, aud, role, email, encrypted_password, email_confirmed_at, invited_at, raw_app_meta_data, raw_user_meta_data)
     values ('00000000-0000-0000-0000-000000000000', 'authenticated', $1, $2, $3, $4, $5, $6::jsonb, $7::jsonb) returning *`,
    [
      input.role ?? 'authenticated',
      input.email,
      encrypted,
      input.confirmed ? new Date() : null,
      input.invited ? new Date() : null,
      JSON.stringify(appMeta),
      JSON.stringify(input.userMetadata ?? {}),
    ],
  );
  const user = rows[0]!;
  if (provider === 'email') {
    await db.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at) values ($1, $2, $3::jsonb, 'email', now())`,
      [
        user.id,
        user.id,
        JSON.stringify({ sub: user.id, email: input.email, email_verified: Boolean(input.confirmed), phone_verified: false }),
      ],
    );
  }
  return user;
}

function identityJson(row: IdentityRow): Record<string, unknown> {
  return {
    identity_id: row.id,
    id: row.provider_id,
    user_id: row.user_id,
    identity_data: row.identity_data,
    provider: row.provider,
    last_sign_in_at: iso(row.last_sign_in_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    email: row.email ?? undefined,
  };
}

export function factorJson(row: FactorRow): Record<string, unknown> {
  return {
    id: row.id,
    friendly_name: row.friendly_name ?? '',
    factor_type: row.factor_type,
    status: row.status,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    last_challenged_at: iso(row.last_challenged_at),
  };
}

/** The user as GoTrue serialises it (with identities and, when any, factors). */
export async function userJson(db: Queryable, user: UserRow): Promise<Record<string, unknown>> {
  const [{ rows: identities }, { rows: factors }] = [
    await db.query<IdentityRow>('select * from auth.identities where user_id = $1 order by created_at', [user.id]),
    await db.query<FactorRow>('select * from auth.mfa_factors where user_id = $1 order by created_at', [user.id]),
  ];
  const out: Record<string, unknown> = {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    email_change_sent_at: iso(user.email_change_sent_at),
    new_email: user.email_change || undefined,
    invited_at: iso(user.invited_at),
    confirmed_at: iso(user.email_confirmed_at ?? user.phone_confirmed_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    banned_until: iso(user.banned_until),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: Boolean(user.is_anonymous),
  };
  if (factors.length) out.factors = factors.map(factorJson);
  for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key];
  return out;
}

/** What GoTrue answers for a sign-up on an already-registered e-mail when confirmations are on (no enumeration). */
export function obfuscatedUser(email: string, userMetadata: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: userMetadata,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}
