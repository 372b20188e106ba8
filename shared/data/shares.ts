import type { Tables } from './database.types.ts';
import type { AppClient } from './supabase.ts';
import { isSimpleEmail } from '../core/auth.ts';
import { SHARE_TEXTS } from '../core/shares.ts';
import { functionErrorKind, functionRefusal } from './functions.ts';
import { invitationDelivery, type InvitationDelivery } from './projectStatus.ts';
import { fail, invalid, ok, type DataResult } from './result.ts';
import { toWorkspace, WORKSPACE_COLUMNS, type Workspace } from './workspaces.ts';

/**
 * Read-only sharing by invitation (table shares; migrations 20261123001400 and
 * 20261125000300): the owner invites an e-mail address (the share-invite Edge Function mails a
 * single-use link, or gives it back to pass on when mail is off); whoever accepts the link while signed in gets the share bound to their account
 * and sees the item read-only (RLS). An address alone grants nothing.
 */

export { SHARE_TEXTS };

export type ShareTarget = { workspaceId: string } | { documentId: string };

export interface Share {
  id: string;
  recipientEmail: string;
  ownerEmail: string | null;
  workspaceId: string | null;
  documentId: string | null;
  createdAt: string;
  /** 'invited' until someone accepts the mailed link, then 'accepted'. */
  status: 'invited' | 'accepted';
}

const COLUMNS = 'id, recipient_email, owner_email, workspace_id, document_id, created_at, accepted_at';
type ShareRow = Pick<
  Tables<'shares'>,
  'id' | 'recipient_email' | 'owner_email' | 'workspace_id' | 'document_id' | 'created_at' | 'accepted_at'
>;
const toShare = (r: ShareRow): Share => ({
  id: r.id,
  recipientEmail: r.recipient_email,
  ownerEmail: r.owner_email,
  workspaceId: r.workspace_id,
  documentId: r.document_id,
  createdAt: r.created_at,
  status: r.accepted_at ? 'accepted' : 'invited',
});

/** A share just made or renewed, and how its invitation went out (null: already accepted, nothing sent). */
export type InvitedShare = Share & { delivery: InvitationDelivery | null };

/**
 * Invites the address to see the workspace or document read-only: the share-invite function
 * mails a single-use link — or, when mail is off on the project or the mailer refused it, gives
 * the link back for the owner to pass on. Inviting again sends a new link (an accepted share stays as it is).
 */
export async function shareByEmail(client: AppClient, target: ShareTarget, email: string): Promise<DataResult<InvitedShare>> {
  const address = email.trim().toLowerCase();
  if (!isSimpleEmail(address) || address.length > 320) return invalid(SHARE_TEXTS.invalidEmail);
  const { data, error } = await client.functions.invoke<{ share: ShareRow; alreadyAccepted?: boolean; mail?: unknown; link?: unknown }>(
    'share-invite',
    { body: { ...target, email: address } },
  );
  if (!error && data) return ok({ ...toShare(data.share), delivery: data.alreadyAccepted ? null : invitationDelivery(data) });
  const detail = await functionRefusal(error);
  const message = detail?.error ?? error?.message ?? 'The item could not be shared.';
  const kind = functionErrorKind(error, detail);
  if (detail?.code === 'invalid' || detail?.code === '23514' || (kind === 'invalid' && !detail?.code)) return invalid(message);
  return fail({ message, code: detail?.code ?? undefined }, kind);
}

/** Accepts an invitation link's token as the signed-in user; where it leads. */
export async function acceptShare(
  client: AppClient,
  token: string,
): Promise<DataResult<{ shareId: string; workspaceId: string | null; documentId: string | null }>> {
  const { data, error } = await client.rpc('accept_share', { token });
  if (error) return fail(error);
  // The function answers json (typed Json): the accepted share's id and what it leads to.
  const row = data as { share_id: string; workspace_id: string | null; document_id: string | null };
  return ok({ shareId: row.share_id, workspaceId: row.workspace_id, documentId: row.document_id });
}

/** Who the owner shared this workspace or document with, newest first. */
export async function listShares(client: AppClient, target: ShareTarget): Promise<DataResult<Share[]>> {
  const query = client.from('shares').select(COLUMNS);
  const { data, error } = await (
    'workspaceId' in target ? query.eq('workspace_id', target.workspaceId) : query.eq('document_id', target.documentId)
  ).order('created_at', { ascending: false });
  return error ? fail(error) : ok(data.map(toShare));
}

/** How many addresses each of the owner's documents is shared with (documents shared with nobody are absent). */
export async function countDocumentShares(client: AppClient, ownerId: string): Promise<DataResult<ReadonlyMap<string, number>>> {
  const { data, error } = await client.from('shares').select('document_id').eq('owner_id', ownerId).not('document_id', 'is', null);
  if (error) return fail(error);
  const counts = new Map<string, number>();
  for (const { document_id: id } of data) if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
  return ok(counts);
}

/** The owner revokes a share, or the recipient removes it from their list. data: whether one was removed. */
export async function removeShare(client: AppClient, id: string): Promise<DataResult<boolean>> {
  const { data, error } = await client.from('shares').delete().eq('id', id).select('id');
  return error ? fail(error) : ok((data ?? []).length > 0);
}

export interface SharedWithMe<T> {
  shareId: string;
  /** Who shared it. */
  ownerEmail: string | null;
  sharedAt: string;
  item: T;
}

export interface SharedDocumentSummary {
  id: string;
  name: string;
  templateId: string | null;
  downloadCount: number;
  maxDownloads: number | null;
  updatedAt: string;
}

/** Workspaces and documents others shared with the caller, newest first. */
export async function listSharedWithMe(
  client: AppClient,
  userId: string,
): Promise<DataResult<{ workspaces: SharedWithMe<Workspace>[]; documents: SharedWithMe<SharedDocumentSummary>[] }>> {
  const { data, error } = await client
    .from('shares')
    .select(
      `id, owner_email, created_at, workspaces(${WORKSPACE_COLUMNS}), generated_documents(id, name, template_id, download_count, max_downloads, updated_at)`,
    )
    .neq('owner_id', userId)
    .order('created_at', { ascending: false });
  if (error) return fail(error);
  const rows = data;
  const entry = <T>(r: (typeof rows)[number], item: T): SharedWithMe<T> => ({
    shareId: r.id,
    ownerEmail: r.owner_email,
    sharedAt: r.created_at,
    item,
  });
  return ok({
    workspaces: rows.filter((r) => r.workspaces).map((r) => entry(r, toWorkspace(r.workspaces!))),
    documents: rows
      .filter((r) => r.generated_documents)
      .map((r) => {
        const d = r.generated_documents!;
        return entry(r, {
          id: d.id,
          name: d.name,
          templateId: d.template_id,
          downloadCount: d.download_count,
          maxDownloads: d.max_downloads,
          updatedAt: d.updated_at,
        });
      }),
  });
}
