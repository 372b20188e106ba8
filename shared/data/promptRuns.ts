import type { RunEndStatus, RunRecord } from '../core/runPrompt.ts';
import { webSourcesFrom, type WebSource } from '../core/webSearch.ts';
import type { Tables } from './database.types.ts';
import type { AppClient } from './supabase.ts';
import { RANGE_PAST_END } from './paging.ts';
import { fail, ok, type DataResult } from './result.ts';

/**
 * Run history (table prompt_runs, owner-only): what /run-prompt and the extension record after
 * each run, so the user can reopen and delete their runs.
 *
 *   recordPromptRun · listPromptRuns (newest first, paged, optionally of one prompt)
 *   getPromptRun · deletePromptRun · deleteAllPromptRuns
 *
 * Same `{ data, error }` answers as shared/data/prompts.ts.
 */

type PromptRunStatus = RunEndStatus;

/** A run to record: what it started with (shared/core's RunContext) and how it ended; the web sources its answer cites, if it searched. */
export type NewPromptRun = RunRecord & { webSources?: WebSource[] | null };

export interface PromptRun extends Required<RunRecord> {
  id: string;
  createdAt: string;
  webSources?: WebSource[] | null;
}

type RunRow = Omit<Tables<'prompt_runs'>, 'user_id'>;
const RUN_COLUMNS =
  'id, prompt_id, free_prompt_id, prompt_name, filled_values, final_prompt, provider, model, output, status, error_message, page_url, web_sources, created_at';
const toRun = (r: RunRow): PromptRun => ({
  id: r.id,
  promptId: r.prompt_id,
  freePromptId: r.free_prompt_id,
  promptName: r.prompt_name,
  // filled_values is jsonb (typed Json): recordPromptRun stores the form's values by field id.
  filledValues: r.filled_values as Record<string, string>,
  finalPrompt: r.final_prompt,
  provider: r.provider,
  model: r.model,
  output: r.output,
  // status is text to the generated types; its check constraint holds it to PromptRunStatus.
  status: r.status as PromptRunStatus,
  errorMessage: r.error_message,
  pageUrl: r.page_url,
  createdAt: r.created_at,
  webSources: webSourcesFrom(r.web_sources),
});

export const RUN_HISTORY_PAGE_SIZE = 20;

export async function recordPromptRun(client: AppClient, run: NewPromptRun): Promise<DataResult<PromptRun>> {
  const { data, error } = await client
    .from('prompt_runs')
    .insert({
      prompt_id: run.promptId,
      free_prompt_id: run.freePromptId ?? null,
      prompt_name: run.promptName.trim() || 'Untitled prompt',
      filled_values: run.filledValues,
      final_prompt: run.finalPrompt,
      provider: run.provider,
      model: run.model,
      output: run.output,
      status: run.status,
      error_message: run.errorMessage ?? null,
      page_url: run.pageUrl ?? null,
      web_sources: run.webSources?.length ? run.webSources.map((source) => ({ ...source })) : null,
    })
    .select(RUN_COLUMNS)
    .single();
  return error ? fail(error) : ok(toRun(data));
}

/**
 * A page of the user's runs, newest first; `promptId` keeps only the runs of one saved prompt,
 * `freePromptId` those of one built-in free prompt (fp1 …).
 */
export async function listPromptRuns(
  client: AppClient,
  {
    page = 1,
    pageSize = RUN_HISTORY_PAGE_SIZE,
    promptId,
    freePromptId,
  }: { page?: number; pageSize?: number; promptId?: string; freePromptId?: string } = {},
): Promise<DataResult<{ runs: PromptRun[]; total: number }>> {
  const from = (Math.max(1, Math.floor(page) || 1) - 1) * pageSize;
  let query = client.from('prompt_runs').select(RUN_COLUMNS, { count: 'exact' });
  if (promptId) query = query.eq('prompt_id', promptId);
  if (freePromptId) query = query.eq('free_prompt_id', freePromptId);
  const { data, error, count } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, from + pageSize - 1);
  if (error?.code === RANGE_PAST_END)
    return ok({ runs: [], total: (await listPromptRuns(client, { pageSize, promptId, freePromptId })).data?.total ?? 0 });
  if (error) return fail(error);
  return ok({ runs: data.map(toRun), total: count ?? data.length });
}

export async function getPromptRun(client: AppClient, id: string): Promise<DataResult<PromptRun | null>> {
  const { data, error } = await client.from('prompt_runs').select(RUN_COLUMNS).eq('id', id).maybeSingle();
  if (error) return fail(error);
  return ok(data ? toRun(data) : null);
}

/** data: whether a run was deleted. */
export async function deletePromptRun(client: AppClient, id: string): Promise<DataResult<boolean>> {
  const { data, error } = await client.from('prompt_runs').delete().eq('id', id).select('id');
  return error ? fail(error) : ok((data ?? []).length > 0);
}

/** Clears the user's whole history (RLS limits the delete to their own rows); data: how many. */
export async function deleteAllPromptRuns(client: AppClient): Promise<DataResult<number>> {
  const { error, count } = await client.from('prompt_runs').delete({ count: 'exact' }).not('id', 'is', null);
  return error ? fail(error) : ok(count ?? 0);
}
