import { isSimpleEmail } from '@/shared/core/auth.ts';
import { SHARE_TEXTS, shareAcceptUrl, shareInvitationMail } from '@/shared/core/shares.ts';
import { callerOf, env, fail, json, preflight, rest, type Caller } from '../_shared/http.ts';
import { sendMail } from '../_shared/mail.ts';
import { newToken, sha256Hex } from '../_shared/tokens.ts';

/**
 * POST /functions/v1/share-invite { workspaceId | documentId, email } (signed in): shares the
 * caller's workspace or document read-only by invitation. The share is created as the caller (RLS:
 * their own item, not view_only); its single-use token is stored hashed (service role) and mailed
 * to the address as a link. Nothing is visible to anyone until someone accepts the link while signed
 * in (accept_share), which binds the share to that account. Inviting again sends a new link.
 * Answers { share } or { error, code }.
 */

const SHARE_COLUMNS = 'id,recipient_email,owner_email,workspace_id,document_id,created_at,accepted_at,invited_at';

const problem = (answer: { status: number; body: unknown }) => {
  const body = (answer.body ?? {}) as { message?: string; code?: string };
  if (body.code === '23514' && /yourself/.test(body.message ?? '')) return json({ error: SHARE_TEXTS.self, code: body.code }, 400);
  if (body.code === '42501') return json({ error: SHARE_TEXTS.viewOnly, code: body.code }, 403);
  return json(
    { error: body.message ?? 'The item could not be shared.', code: body.code ?? null },
    answer.status >= 400 ? answer.status : 500,
  );
};

type ShareRow = {
  id: string;
  recipient_email: string;
  owner_email: string | null;
  workspace_id: string | null;
  document_id: string | null;
  accepted_at: string | null;
};

/** The caller's share of the item with the address: created, or the existing one. */
async function shareOf(caller: Caller, target: { column: 'workspace_id' | 'document_id'; id: string }, email: string) {
  const created = await rest(
    `shares?select=${SHARE_COLUMNS}`,
    {
      method: 'POST',
      headers: { prefer: 'return=representation' },
      body: JSON.stringify({ [target.column]: target.id, recipient_email: email }),
    },
    caller.token,
  );
  if (created.ok) return { share: (created.body as ShareRow[])[0]! };
  if ((created.body as { code?: string } | null)?.code !== '23505') return { refusal: problem(created) };
  const existing = await rest(
    `shares?select=${SHARE_COLUMNS}&${target.column}=eq.${target.id}&recipient_email=eq.${encodeURIComponent(email)}`,
    { method: 'GET' },
    caller.token,
  );
  const row = existing.ok ? (existing.body as ShareRow[])[0] : undefined;
  return row ? { share: row } : { refusal: problem(existing) };
}

export default async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return fail('Method not allowed', 405);
  const caller = await callerOf(req);
  if (!caller) return fail('Sign in first.', 401);
  const body = (await req.json().catch(() => null)) as { workspaceId?: unknown; documentId?: unknown; email?: unknown } | null;
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  if (!isSimpleEmail(email) || email.length > 320) return json({ error: SHARE_TEXTS.invalidEmail, code: 'invalid' }, 400);
  const uuid = /^[0-9a-f-]{36}$/i;
  const target =
    typeof body?.workspaceId === 'string' && uuid.test(body.workspaceId)
      ? { column: 'workspace_id' as const, id: body.workspaceId, table: 'workspaces' }
      : typeof body?.documentId === 'string' && uuid.test(body.documentId)
        ? { column: 'document_id' as const, id: body.documentId, table: 'generated_documents' }
        : null;
  if (!target) return fail('Say which workspace or document to share.', 400);

  const found = await shareOf(caller, target, email);
  if ('refusal' in found) return found.refusal!;
  const { share } = found;
  if (share.accepted_at) return json({ share, alreadyAccepted: true });

  const item = await rest(`${target.table}?select=name&id=eq.${target.id}`, { method: 'GET' }, caller.token);
  const itemName = (item.ok ? (item.body as { name: string }[])[0]?.name : undefined) ?? 'an item';
  const token = newToken();
  const stored = await rest(
    `shares?id=eq.${share.id}&accepted_at=is.null`,
    {
      method: 'PATCH',
      headers: { prefer: 'return=minimal' },
      body: JSON.stringify({ invite_token_hash: await sha256Hex(token), invited_at: new Date().toISOString() }),
    },
    'service',
  );
  if (!stored.ok) return fail('The invitation could not be stored. Please try again.', 502);
  const mail = shareInvitationMail({
    ownerEmail: share.owner_email ?? caller.email,
    itemName,
    kind: target.column === 'workspace_id' ? 'workspace' : 'document',
    link: shareAcceptUrl(env('SITE_URL'), token),
  });
  if (!(await sendMail({ to: email, ...mail }))) return json({ error: SHARE_TEXTS.mailFailed, code: 'mail' }, 502);
  return json({ share });
}
