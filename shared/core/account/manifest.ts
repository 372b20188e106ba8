/**
 * Which rows belong to an account: every column of the public schema that references auth.users,
 * either exported ("Export my data") or left out with the reason. An integration test compares
 * this list with the database, so a new table holding users' rows fails the suite until it is
 * listed here. Deleting the account removes (cascade) or unlinks (set null) every one of them.
 */

export interface ExportedRows {
  table: string;
  /** The column holding the account's id. */
  column: string;
  /** The JSON file (without .json) in the export; one table may be exported twice (shares given / received). */
  file: string;
  /** A unique order for reading the rows page by page (default: id). */
  order?: string;
}

interface OmittedRows {
  table: string;
  column: string;
  /** Why the rows are not in the export. */
  reason: string;
}

export const EXPORTED_ROWS: readonly ExportedRows[] = [
  { table: 'profiles', column: 'id', file: 'profile' },
  { table: 'saved_prompts', column: 'user_id', file: 'prompts' },
  { table: 'prompt_folders', column: 'user_id', file: 'prompt_folders' },
  { table: 'prompt_runs', column: 'user_id', file: 'prompt_runs' },
  { table: 'prompt_suggestions', column: 'user_id', file: 'prompt_suggestions' },
  { table: 'conversations', column: 'user_id', file: 'conversations' },
  { table: 'conversation_messages', column: 'user_id', file: 'conversation_messages' },
  { table: 'offers', column: 'user_id', file: 'offers' },
  { table: 'kb_folders', column: 'user_id', file: 'knowledge_folders' },
  { table: 'kb_documents', column: 'user_id', file: 'knowledge_documents' },
  { table: 'kb_settings', column: 'user_id', file: 'knowledge_settings', order: 'user_id' },
  { table: 'getting_started', column: 'user_id', file: 'getting_started', order: 'user_id' },
  { table: 'generated_documents', column: 'user_id', file: 'documents' },
  { table: 'document_folders', column: 'user_id', file: 'document_folders' },
  { table: 'startup_ideas', column: 'user_id', file: 'ideas' },
  { table: 'pitch_decks', column: 'user_id', file: 'pitch_decks' },
  { table: 'generated_images', column: 'user_id', file: 'generated_images' },
  { table: 'training_watched', column: 'user_id', file: 'training_watched', order: 'video_id' },
  { table: 'workflows', column: 'user_id', file: 'workflows' },
  { table: 'workflow_runs', column: 'user_id', file: 'workflow_runs' },
  { table: 'workflow_run_steps', column: 'user_id', file: 'workflow_run_steps', order: 'run_id,position' },
  { table: 'workspaces', column: 'user_id', file: 'workspaces' },
  { table: 'workspace_onboarding', column: 'user_id', file: 'workspace_onboarding', order: 'user_id' },
  { table: 'shares', column: 'owner_id', file: 'shares_given' },
  { table: 'shares', column: 'recipient_id', file: 'shares_received' },
  { table: 'teams', column: 'owner_id', file: 'teams' },
  { table: 'team_members', column: 'user_id', file: 'team_memberships', order: 'team_id' },
  { table: 'team_invitations', column: 'accepted_by', file: 'team_invitations_accepted' },
  { table: 'subscriptions', column: 'user_id', file: 'subscriptions', order: 'user_id' },
  { table: 'purchases', column: 'buyer_id', file: 'purchases' },
  { table: 'user_generation_counts', column: 'user_id', file: 'generation_counts', order: 'user_id' },
  { table: 'feature_requests', column: 'user_id', file: 'feature_requests' },
  { table: 'contact_messages', column: 'user_id', file: 'contact_messages' },
  { table: 'usage_events', column: 'user_id', file: 'usage_events', order: 'created_at,id' },
  { table: 'usage_price_overrides', column: 'user_id', file: 'usage_price_overrides', order: 'provider,model' },
  { table: 'usage_settings', column: 'user_id', file: 'usage_settings', order: 'user_id' },
  { table: 'usage_budgets', column: 'user_id', file: 'usage_budgets' },
];

export const OMITTED_ROWS: readonly OmittedRows[] = [
  { table: 'user_api_keys', column: 'user_id', reason: 'provider keys are secrets, stored encrypted; you hold them already' },
  { table: 'user_search_keys', column: 'user_id', reason: 'web search keys are secrets, stored encrypted; you hold them already' },
  { table: 'kb_chunks', column: 'user_id', reason: 'search index derived from the knowledge documents, which are exported' },
  { table: 'generation_reservations', column: 'user_id', reason: 'short-lived quota bookkeeping' },
  { table: 'monitoring_settings', column: 'updated_by', reason: "the service's alert contacts, last changed by an admin" },
  { table: 'feature_status', column: 'shipped_by', reason: 'which admin marked a feature shipped; unlinked when the account is deleted' },
  {
    table: 'monitoring_events',
    column: 'user_id',
    reason: 'operational events about the service (a lockout, an exhausted quota), unlinked from the account when it is deleted',
  },
];

/** Columns never written to the export: search vectors and embeddings (derived, large), token hashes (secrets). */
export const OMITTED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  saved_prompts: ['search_text'],
  shares: ['invite_token_hash'],
  team_invitations: ['token_hash'],
};

/** What the account-export function answers. */
export interface AccountExport {
  exportedAt: string;
  account: { id: string; email: string };
  /** File name (without .json) → rows. */
  files: Record<string, Record<string, unknown>[]>;
}

/** Every (table, column) that holds an account's id, exported or not: what the database must match. */
export function accountOwnedColumns(): string[] {
  return [...EXPORTED_ROWS, ...OMITTED_ROWS].map((entry) => `${entry.table}.${entry.column}`).sort();
}

/** The file under which a generated document is exported: its name made safe, with its id's start so names never clash. */
export function documentFileBase(doc: { id: string; name: string }): string {
  const safe = doc.name
    .normalize('NFKD')
    .replace(/[^\w\- ]+/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60);
  return `${safe || 'document'}-${doc.id.slice(0, 8)}`;
}

/** ai-vault-export-2026-11-27.zip (the day in UTC). */
export const exportArchiveName = (now: Date): string => `ai-vault-export-${now.toISOString().slice(0, 10)}.zip`;
