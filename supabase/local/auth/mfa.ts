import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { StackContext } from '../context.ts';
import { authJson, readBody, str, AuthError, notFound, unprocessable, validationFailed } from './errors.ts';
import { isSealed, seal, unseal } from './seal.ts';
import { addAmrClaim, authenticate, clientIp, reissueSession } from './tokens.ts';
import type { AuthRoute } from './types.ts';
import { findUserById, type FactorRow } from './users.ts';

/** TOTP secrets are stored encrypted when the stack has a key (a database dump shows none). */
async function sealTotpSecret(ctx: StackContext, userId: string, base32: string): Promise<string> {
  return ctx.config.authEncryptionKey ? seal(ctx.config.authEncryptionKey, userId, 'totp_secret', base32) : base32;
}

/** The secret in base32; '' when it cannot be opened (no code then matches). Plain ones are read as they are. */
async function openTotpSecret(ctx: StackContext, userId: string, stored: string | null): Promise<string> {
  if (!stored) return '';
  if (!isSealed(stored)) return stored;
  return ctx.config.authEncryptionKey ? ((await unseal(ctx.config.authEncryptionKey, userId, 'totp_secret', stored)) ?? '') : '';
}
/** A TOTP challenge is valid for 5 minutes (GoTrue MFA_CHALLENGE_EXPIRY_DURATION default 300s). */
const CHALLENGE_TTL_S = 300;
const MAX_UNVERIFIED_FACTORS = 10;

async function ownFactor(db: Parameters<AuthRoute>[0]['ctx']['db'], userId: string, factorId: string): Promise<FactorRow> {
  if (!/^[0-9a-f-]{36}$/i.test(factorId)) throw notFound('mfa_factor_not_found', 'Factor not found');
  const { rows } = await db.query<FactorRow>('select * from auth.mfa_factors where id = $1 and user_id = $2', [factorId, userId]);
  if (!rows[0]) throw notFound('mfa_factor_not_found', 'Factor not found');
  return rows[0];
}

/** POST /factors {factor_type:'totp', friendly_name, issuer} */
const enroll: AuthRoute = async ({ ctx }, req) => {
  const body = await readBody(req);
  const { user } = await authenticate(ctx, req);
  const type = str(body, 'factor_type');
  if (type === 'phone') throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  if (type === 'webauthn') throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  if (type !== 'totp') throw validationFailed('factor_type needs to be totp, phone, or webauthn');
  const friendlyName = str(body, 'friendly_name') ?? '';
  let issuer = str(body, 'issuer');
  if (!issuer) issuer = new URL(ctx.config.siteUrl).hostname;
  const { rows: existing } = await ctx.db.query<FactorRow>('select * from auth.mfa_factors where user_id = $1', [user.id]);
  if (friendlyName && existing.some((f) => f.friendly_name === friendlyName)) {
    throw unprocessable('mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" for this user already exists`);
  }
  if (existing.filter((f) => f.status === 'unverified').length >= MAX_UNVERIFIED_FACTORS) {
    throw unprocessable('too_many_enrolled_mfa_factors', 'Maximum number of unverified factors reached, unenroll to continue');
  }
  const secret = new OTPAuth.Secret({ size: 20 });
  const totp = new OTPAuth.TOTP({ issuer, label: user.email ?? user.id, algorithm: 'SHA1', digits: 6, period: 30, secret });
  const uri = totp.toString();
  const svg = await QRCode.toString(uri, { type: 'svg' });
  const { rows } = await ctx.db.query<FactorRow>(
    `insert into auth.mfa_factors (user_id, friendly_name, factor_type, status, secret) values ($1, $2, 'totp', 'unverified', $3) returning *`,
    [user.id, friendlyName || null, await sealTotpSecret(ctx, user.id, secret.base32)],
  );
  // Like current GoTrue, qr_code is the bare SVG; supabase-js prefixes "data:image/svg+xml;utf-8,".
  return authJson({ id: rows[0]!.id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: svg, secret: secret.base32, uri } });
};

/** POST /factors/{id}/challenge → {id, type, expires_at} */
const challenge: AuthRoute = async ({ ctx }, req, [factorId]) => {
  await readBody(req);
  const { user } = await authenticate(ctx, req);
  const factor = await ownFactor(ctx.db, user.id, factorId!);
  const { rows } = await ctx.db.query<{ id: string; created_at: Date }>(
    'insert into auth.mfa_challenges (factor_id, ip_address) values ($1, $2) returning id, created_at',
    [factor.id, clientIp(req, ctx.config)],
  );
  await ctx.db.query('update auth.mfa_factors set last_challenged_at = now() where id = $1', [factor.id]);
  const created = Math.floor(new Date(rows[0]!.created_at).getTime() / 1000);
  return authJson({ id: rows[0]!.id, type: factor.factor_type, expires_at: created + CHALLENGE_TTL_S });
};

/** POST /factors/{id}/verify {challenge_id, code} → an aal2 session */
const verify: AuthRoute = async ({ ctx }, req, [factorId]) => {
  const body = await readBody(req);
  const { user, session } = await authenticate(ctx, req);
  const factor = await ownFactor(ctx.db, user.id, factorId!);
  const challengeId = str(body, 'challenge_id') ?? '';
  const code = str(body, 'code') ?? '';
  if (!/^[0-9a-f-]{36}$/i.test(challengeId)) throw notFound('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  const { rows } = await ctx.db.query<{ id: string; created_at: Date; verified_at: Date | null }>(
    'select id, created_at, verified_at from auth.mfa_challenges where id = $1 and factor_id = $2',
    [challengeId, factor.id],
  );
  const found = rows[0];
  if (!found) throw notFound('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  if (found.verified_at || Date.now() - new Date(found.created_at).getTime() > CHALLENGE_TTL_S * 1000) {
    await ctx.db.query('delete from auth.mfa_challenges where id = $1', [found.id]);
    throw unprocessable(
      'mfa_challenge_expired',
      `MFA challenge ${found.id} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  const totp = new OTPAuth.TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(await openTotpSecret(ctx, user.id, factor.secret)),
  });
  if (!/^\d{6}$/.test(code) || totp.validate({ token: code, window: 1 }) === null) {
    throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
  }
  return authJson(
    await ctx.db.transaction(async (tx) => {
      await tx.query('update auth.mfa_challenges set verified_at = now() where id = $1', [found.id]);
      await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
      const { rows: updated } = await tx.query<typeof session>(
        `update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1 returning *`,
        [session.id, factor.id],
      );
      await addAmrClaim(tx, session.id, 'totp');
      return reissueSession(ctx, tx, (await findUserById(tx, user.id))!, updated[0]!);
    }),
  );
};

/** DELETE /factors/{id} → {id}; a verified factor can only be removed from an aal2 session. */
const unenroll: AuthRoute = async ({ ctx }, req, [factorId]) => {
  const { user, session } = await authenticate(ctx, req);
  const factor = await ownFactor(ctx.db, user.id, factorId!);
  if (factor.status === 'verified' && session.aal !== 'aal2') {
    throw new AuthError(401, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
  }
  await ctx.db.query(
    `delete from auth.mfa_amr_claims where authentication_method = 'totp' and session_id in (select id from auth.sessions where factor_id = $1)`,
    [factor.id],
  );
  await ctx.db.query(`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1`, [factor.id]);
  await ctx.db.query('delete from auth.mfa_factors where id = $1', [factor.id]);
  return authJson({ id: factor.id });
};

export const mfa = { enroll, challenge, verify, unenroll };
