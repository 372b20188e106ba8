import { z } from 'zod';
import { isSimpleEmail } from '@/shared/core/auth.ts';
import { SHARE_TEXTS, shareAcceptUrl, shareInvitationMail } from '@/shared/core/shares.ts';
import { readBody } from '../_shared/body.ts';
import { callerDb, serviceDb, type Db } from '../_shared/db.ts';
import { callerOf, env, fail, json, preflight } from '../_shared/http.ts';
import { deliverMail } from '../_shared/mail.ts';
import { newToken, sha256Hex } from '../_shared/tokens.ts';

/**
 * POST /functions/v1/share-invite { workspaceId | documentId, email } (signed in): shares the
 * caller's workspace or document read-only by invitation. The share is created as the caller (RLS:
 * their own item, not view_only); its single-use token is stored hashed (service role) and mailed
 * to the address as a link. Nothing is visible to anyone until someone accepts the link while signed
 * in (accept_share), which binds the share to that account. Inviting again sends a new link.
 * Answers { share, mail: 'sent' } — or, when the link could not be mailed (mail is off on the
 * project, or the mailer refused it), { share, mail: 'off' | 'refused', link } for the owner to pass
 * on themselves — or { share, alreadyAccepted: true }, or { error, code }.
 */

const SHARE_COLUMNS = 'id, recipient_email, owner_email, workspace_id, document_id, created_at, accepted_at, invited_at';
const uuid = /^[0-9a-f-]{36}$/i;

type Target = { column: 'workspace_id'; id: string } | { column: 'document_id'; id: string };

const ShareRequest = z.preprocess(
  // Anything but an object reads as one without an address.
  (raw) => (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}),
  z
    .object({
      email: z
        .unknown()
        .transform((value) => (typeof value === 'string' ? value.trim().toLowerCase() : ''))
        .refine((email) => isSimpleEmail(email) && email.length <= 320, SHARE_TEXTS.invalidEmail),
      workspaceId: z.unknown().optional(),
      documentId: z.unknown().optional(),
    })
    .transform(({ email, workspaceId, documentId }, ctx) => {
      const target: Target | null =
        typeof workspaceId === 'string' && uuid.test(workspaceId)
          ? { column: 'workspace_id', id: workspaceId }
          : typeof documentId === 'string' && uuid.test(documentId)
            ? { column: 'document_id', id: documentId }
            : null;
      if (!target) {
        ctx.addIssue({ code: 'custom', message: 'Say which workspace or document to share.' });
        return z.NEVER;
      }
      return { email, target };
    }),
);

/** The database's refusal as the dialog shows it. */
const problem = (error: { message: string; code: string }, status: number) => {
  if (error.code === '23514' && /yourself/.test(error.message)) return json({ error: SHARE_TEXTS.self, code: error.code }, 400);
  if (error.code === '42501') return json({ error: SHARE_TEXTS.viewOnly, code: error.code }, 403);
  return json({ error: error.message || 'The item could not be shared.', code: error.code || null }, status >= 400 ? status : 500);
};

/** The caller's share of the item with the address: created, or the existing one. */
async function shareOf(db: Db, target: Target, email: string) {
  const row = target.column === 'workspace_id' ? { workspace_id: target.id } : { document_id: target.id };
  const created = await db
    .from('shares')
    .insert({ ...row, recipient_email: email })
    .select(SHARE_COLUMNS)
    .single();
  if (!created.error) return { share: created.data, refusal: null };
  if (created.error.code !== '23505') return { share: null, refusal: problem(created.error, created.status) };
  const existing = await db.from('shares').select(SHARE_COLUMNS).eq(target.column, target.id).eq('recipient_email', email).maybeSingle();
  if (existing.data) return { share: existing.data, refusal: null };
  return { share: null, refusal: existing.error ? problem(existing.error, existing.status) : problem(created.error, created.status) };
}

/** The shared item's name, as the caller sees it. */
async function itemName(db: Db, target: Target): Promise<string> {
  const found =
    target.column === 'workspace_id'
      ? await db.from('workspaces').select('name').eq('id', target.id).maybeSingle()
      : await db.from('generated_documents').select('name').eq('id', target.id).maybeSingle();
  return found.data?.name ?? 'an item';
}

export default async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return fail('Method not allowed', 405);
  const caller = await callerOf(req);
  if (!caller) return fail('Sign in first.', 401);
  const read = await readBody(req, ShareRequest);
  if (!read.ok) return read.response;
  const { email, target } = read.body;
  const db = callerDb(caller.token);

  const { share, refusal } = await shareOf(db, target, email);
  if (!share) return refusal;
  if (share.accepted_at) return json({ share, alreadyAccepted: true });

  const token = newToken();
  const stored = await serviceDb()
    .from('shares')
    .update({ invite_token_hash: await sha256Hex(token), invited_at: new Date().toISOString() })
    .eq('id', share.id)
    .is('accepted_at', null);
  if (stored.error) return fail('The invitation could not be stored. Please try again.', 502);
  const link = shareAcceptUrl(env('SITE_URL'), token);
  const mail = shareInvitationMail({
    ownerEmail: share.owner_email ?? caller.email,
    itemName: await itemName(db, target),
    kind: target.column === 'workspace_id' ? 'workspace' : 'document',
    link,
  });
  const delivery = await deliverMail({ ...mail, to: email });
  // Not mailed: the owner gets the link to pass on (it grants what the mail would have, no more).
  return json(delivery === 'sent' ? { share, mail: delivery } : { share, mail: delivery, link });
}
