import type { Tables } from './database.types.ts';
import type { AppClient } from './supabase.ts';
import type { LedgerRow, Period, RunGroup } from '../core/usage/report.ts';
import { conversationPath, ROUTES, workflowRunDetailPath } from '../core/routes.ts';
import { reopenRunPath } from '../core/runPrompt.ts';
import { fetchAllPages } from './paging.ts';
import { fail, ok, type DataResult } from './result.ts';

/**
 * The Usage page's reads: the caller's ledger rows for a period (RLS: their own only), read in
 * pages; what the most expensive runs belong to (a name and a link); the team owner's per-member
 * totals and the admins' totals (aggregates only, from the database's functions).
 */

type EventRow = Tables<'usage_events'>;

/** Every column but user_id (the CSV's columns, report.ts's LedgerRow). */
const COLUMNS =
  'id, created_at, feature, surface, provider, model, input_tokens, cached_input_tokens, cache_write_input_tokens, output_tokens, images, searches, estimated, outcome, cost_micros, price, subject_kind, subject_id, step_index';

// LedgerRow is exactly the table's row without user_id: a column added to the table fails here until the export has it.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameColumns: Exact<keyof LedgerRow, Exclude<keyof EventRow, 'user_id'>> = true;
void sameColumns;
const asLedgerRow = (row: Omit<EventRow, 'user_id'>): LedgerRow => row;

/** The caller's calls in [from, to), oldest first, read in pages of the server's row limit. */
export async function listUsageEvents(client: AppClient, period: Period): Promise<DataResult<LedgerRow[]>> {
  const rows = await fetchAllPages((from, to) =>
    client
      .from('usage_events')
      .select(COLUMNS)
      .gte('created_at', period.from)
      .lt('created_at', period.to)
      .order('created_at')
      .order('id')
      .range(from, to),
  );
  return rows.error ? rows : ok(rows.data.map(asLedgerRow));
}

/** What a run of the Usage page links to: its name and page (null when it is gone or has no page of its own). */
export interface RunSubject {
  title: string | null;
  path: string | null;
}

const key = (kind: string, id: string) => `${kind}:${id}`;

/**
 * Names and links for the runs' subjects, one read per kind present: a prompt run reopens on its
 * prompt's page, a conversation and a workflow run on their own, a pitch deck in the deck editor,
 * an offer, a document and the knowledge base on their pages. A subject deleted since has no entry.
 */
export async function runSubjects(client: AppClient, runs: readonly RunGroup[]): Promise<DataResult<Map<string, RunSubject>>> {
  const idsOf = (kind: string) => [...new Set(runs.filter((r) => r.subjectKind === kind && r.subjectId).map((r) => r.subjectId!))];
  const found = new Map<string, RunSubject>();
  const reads: PromiseLike<{ message: string; code?: string } | null>[] = [];
  const read = <R>(
    kind: string,
    query: (ids: string[]) => PromiseLike<{ data: R[] | null; error: { message: string; code?: string } | null }>,
    subject: (row: R) => [string, RunSubject],
  ) => {
    const ids = idsOf(kind);
    if (ids.length === 0) return;
    reads.push(
      query(ids).then(({ data, error }) => {
        for (const row of data ?? []) {
          const [id, value] = subject(row);
          found.set(key(kind, id), value);
        }
        return error;
      }),
    );
  };
  read(
    'prompt_run',
    (ids) => client.from('prompt_runs').select('id, prompt_id, free_prompt_id, prompt_name').in('id', ids),
    (r) => [r.id, { title: r.prompt_name, path: reopenRunPath({ id: r.id, promptId: r.prompt_id, freePromptId: r.free_prompt_id }) }],
  );
  read(
    'conversation',
    (ids) => client.from('conversations').select('id, title').in('id', ids),
    (r) => [r.id, { title: r.title, path: conversationPath(r.id) }],
  );
  read(
    'workflow_run',
    (ids) => client.from('workflow_runs').select('id, workflow_name').in('id', ids),
    (r) => [r.id, { title: r.workflow_name, path: workflowRunDetailPath(r.id) }],
  );
  read(
    'offer',
    (ids) => client.from('offers').select('id, title').in('id', ids),
    (r) => [r.id, { title: r.title, path: ROUTES.offerBuilder }],
  );
  read(
    'document',
    (ids) => client.from('generated_documents').select('id, name').in('id', ids),
    (r) => [r.id, { title: r.name, path: ROUTES.documentGenerator }],
  );
  read(
    'pitch_deck',
    (ids) => client.from('pitch_decks').select('id, title').in('id', ids),
    (r) => [r.id, { title: r.title, path: `${ROUTES.pitchDeck}?deck=${encodeURIComponent(r.id)}` }],
  );
  for (const id of idsOf('knowledge')) found.set(key('knowledge', id), { title: null, path: ROUTES.knowledgeBase });
  const errors = (await Promise.all(reads)).filter((e) => e !== null);
  return errors[0] ? fail(errors[0]) : ok(found);
}

/** The entry of `runSubjects` for a run. */
export const subjectOf = (subjects: ReadonlyMap<string, RunSubject>, run: RunGroup): RunSubject | undefined =>
  run.subjectKind && run.subjectId ? subjects.get(key(run.subjectKind, run.subjectId)) : undefined;

/** One member's month (team_usage_by_member); cost in micro-dollars (USD), known prices only. */
export interface MemberUsage {
  userId: string;
  email: string;
  calls: number;
  costMicros: number;
  unpricedCalls: number;
}

/** A team owner's members (the owner included) with what each spent in the UTC month starting `monthStart` (YYYY-MM-01). */
export async function teamUsageByMember(client: AppClient, monthStart: string): Promise<DataResult<MemberUsage[]>> {
  const { data, error } = await client.rpc('team_usage_by_member', { month_start: monthStart });
  if (error) return fail(error);
  return ok(
    data.map((r) => ({ userId: r.user_id, email: r.email, calls: r.calls, costMicros: r.cost_micros, unpricedCalls: r.unpriced_calls })),
  );
}

/** One day, provider and feature of everybody's calls (admin_usage_totals); no person's rows. */
export interface AdminUsageTotal {
  day: string;
  provider: string;
  feature: string;
  calls: number;
  people: number;
  inputTokens: number;
  outputTokens: number;
  costMicros: number;
  unpricedCalls: number;
}

/** Everybody's totals since `since` (ISO), per day, provider and feature. Admins only (the database refuses others). */
export async function adminUsageTotals(client: AppClient, since: string): Promise<DataResult<AdminUsageTotal[]>> {
  const { data, error } = await client.rpc('admin_usage_totals', { since });
  if (error) return fail(error);
  return ok(
    data.map((r) => ({
      day: r.day,
      provider: r.provider,
      feature: r.feature,
      calls: r.calls,
      people: r.people,
      inputTokens: r.input_tokens,
      outputTokens: r.output_tokens,
      costMicros: r.cost_micros,
      unpricedCalls: r.unpriced_calls,
    })),
  );
}
