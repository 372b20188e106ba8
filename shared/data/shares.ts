import type { SupabaseClient } from '@supabase/supabase-js';
import { isSimpleEmail } from '../core/auth.ts';
import { fail, invalid, ok, type DataResult } from './prompts.ts';
import { toWorkspace, WORKSPACE_COLUMNS, type Workspace, type WorkspaceRow } from './workspaces.ts';

/**
 * Read-only sharing (table shares; migration 20261123001400; spec 001 §6): the owner shares a
 * workspace or a document with an e-mail address; whoever signs in with that confirmed address
 * sees it and cannot change it (RLS). Sharing answers the same whether or not the address has an
 * account, so it reveals nothing about other users.
 */

export const SHARE_TEXTS = {
  invalidEmail: 'Please enter a valid email address.',
  self: 'You cannot share with yourself.',
  viewOnly: 'View-only accounts cannot share.',
  shared: (email: string) => `Shared read-only with ${email}. They will see it when they sign in with that address.`,
  revoked: (email: string) => `${email} can no longer see it.`,
} as const;

export type ShareTarget = { workspaceId: string } | { documentId: string };

export interface Share {
  id: string;
  recipientEmail: string;
  ownerEmail: string | null;
  workspaceId: string | null;
  documentId: string | null;
  createdAt: string;
}

const COLUMNS = 'id, recipient_email, owner_email, workspace_id, document_id, created_at';
interface ShareRow {
  id: string;
  recipient_email: string;
  owner_email: string | null;
  workspace_id: string | null;
  document_id: string | null;
  created_at: string;
}
const toShare = (r: ShareRow): Share => ({
  id: r.id,
  recipientEmail: r.recipient_email,
  ownerEmail: r.owner_email,
  workspaceId: r.workspace_id,
  documentId: r.document_id,
  createdAt: r.created_at,
});

const targetColumns = (target: ShareTarget) =>
  'workspaceId' in target ? { workspace_id: target.workspaceId, document_id: null } : { workspace_id: null, document_id: target.documentId };

/** Shares the workspace or document read-only with the address (sharing twice is fine). */
export async function shareByEmail(client: SupabaseClient, target: ShareTarget, email: string): Promise<DataResult<Share>> {
  const address = email.trim().toLowerCase();
  if (!isSimpleEmail(address) || address.length > 320) return invalid(SHARE_TEXTS.invalidEmail);
  const columns = targetColumns(target);
  const { data, error } = await client.from('shares').insert({ ...columns, recipient_email: address }).select(COLUMNS).single();
  if (!error) return ok(toShare(data as ShareRow));
  if (error.code === '23514' && /yourself/.test(error.message)) return invalid(SHARE_TEXTS.self);
  if (error.code === '23505') {
    const column = columns.workspace_id ? 'workspace_id' : 'document_id';
    const existing = await client.from('shares').select(COLUMNS).eq(column, columns.workspace_id ?? columns.document_id!).eq('recipient_email', address).single();
    return existing.error ? fail(existing.error) : ok(toShare(existing.data as ShareRow));
  }
  return fail(error);
}

/** Who the owner shared this workspace or document with, newest first. */
export async function listShares(client: SupabaseClient, target: ShareTarget): Promise<DataResult<Share[]>> {
  const query = client.from('shares').select(COLUMNS);
  const { data, error } = await ('workspaceId' in target ? query.eq('workspace_id', target.workspaceId) : query.eq('document_id', target.documentId)).order(
    'created_at',
    { ascending: false },
  );
  return error ? fail(error) : ok((data as ShareRow[]).map(toShare));
}

/** How many addresses each of the owner's documents is shared with (documents shared with nobody are absent). */
export async function countDocumentShares(client: SupabaseClient, ownerId: string): Promise<DataResult<ReadonlyMap<string, number>>> {
  const { data, error } = await client.from('shares').select('document_id').eq('owner_id', ownerId).not('document_id', 'is', null);
  if (error) return fail(error);
  const counts = new Map<string, number>();
  for (const { document_id: id } of data as { document_id: string }[]) counts.set(id, (counts.get(id) ?? 0) + 1);
  return ok(counts);
}

/** The owner revokes a share, or the recipient removes it from their list. data: whether one was removed. */
export async function removeShare(client: SupabaseClient, id: string): Promise<DataResult<boolean>> {
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
  client: SupabaseClient,
  userId: string,
): Promise<DataResult<{ workspaces: SharedWithMe<Workspace>[]; documents: SharedWithMe<SharedDocumentSummary>[] }>> {
  const { data, error } = await client
    .from('shares')
    .select(`id, owner_email, created_at, workspaces(${WORKSPACE_COLUMNS}), generated_documents(id, name, template_id, download_count, max_downloads, updated_at)`)
    .neq('owner_id', userId)
    .order('created_at', { ascending: false });
  if (error) return fail(error);
  type Row = {
    id: string;
    owner_email: string | null;
    created_at: string;
    workspaces: WorkspaceRow | null;
    generated_documents: { id: string; name: string; template_id: string | null; download_count: number; max_downloads: number | null; updated_at: string } | null;
  };
  const rows = data as unknown as Row[];
  const entry = <T>(r: Row, item: T): SharedWithMe<T> => ({ shareId: r.id, ownerEmail: r.owner_email, sharedAt: r.created_at, item });
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
