import type { Queryable } from '../db/types.ts';
import { findUserById } from './users.ts';

/**
 * After a confirmed e-mail change the user's `email` identity carries the new address and `email` is
 * among its providers (GoTrue).
 */
export async function settleEmailIdentity(db: Queryable, userId: string, email: string): Promise<void> {
  const { affectedRows } = await db.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true), updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [userId, email],
  );
  if (!affectedRows) {
    await db.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at) values ($1, $2, $3::jsonb, 'email', now())`,
      [userId, userId, JSON.stringify({ sub: userId, email, email_verified: true, phone_verified: false })],
    );
  }
  await syncProviders(db, userId);
}

/** app_metadata.provider/providers from the identities the user has (GoTrue UpdateAppMetaDataProviders). */
async function syncProviders(db: Queryable, userId: string): Promise<void> {
  const { rows } = await db.query<{ provider: string }>('select provider from auth.identities where user_id = $1 order by created_at', [
    userId,
  ]);
  const providers = [...new Set(rows.map((r) => r.provider))];
  const user = await findUserById(db, userId);
  if (!user) return;
  const app: Record<string, unknown> = { ...(user.raw_app_meta_data ?? {}) };
  if (providers.length) {
    app.providers = providers;
    if (typeof app.provider !== 'string' || !providers.includes(app.provider)) app.provider = providers[0];
  }
  await db.query('update auth.users set raw_app_meta_data = $2::jsonb where id = $1', [userId, JSON.stringify(app)]);
}
