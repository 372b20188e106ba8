/**
 * The dashboard's run-prompt page (/run-prompt/{promptId}):
 * which prompt an id names (a saved prompt or a built-in free one), the one shape the page runs,
 * the provider it starts with, what a run records and the values it keeps in its history and how
 * they come back (the texts are in runTexts.ts). Pure: shared/data loads the rows, shared/ai runs them.
 *
 * The original product answered 'Coming Soon!' for a provider other than openai. That was a
 * placeholder: every provider works here, so there is no such notice.
 */

import { isUuid } from './ids.ts';
import {
  humanizePlaceholderName,
  PAGE_VARIABLES,
  type FieldValues,
  type PageVariable,
  type PromptField,
  type PromptQuestion,
} from './placeholders.ts';
import type { LibraryPrompt } from './promptLibrary/library.ts';
import type { FreePrompt } from './promptStacks.ts';
import { PROVIDER_IDS, type ProviderId } from './providerKeys.ts';
import { runPromptPath } from './routes.ts';

/** Run-prompt output is saved in the text format. */
export const RUN_OUTPUT_FORMAT = 'txt';

/** A saved document's name for a run's output: the prompt's name and the day. */
export function outputDocumentName(promptName: string, at: Date): string {
  return `${promptName.trim() || 'Prompt output'} — ${at.toISOString().slice(0, 10)}`;
}

/** How a recorded run ended. */
export type RunEndStatus = 'done' | 'stopped' | 'error';

/** What a run was started with, kept until it ends and then recorded (prompt_runs) with its outcome. */
export interface RunContext {
  /** The saved prompt run, or null for a built-in free prompt (freePromptId) or an ad-hoc prompt. */
  promptId: string | null;
  freePromptId?: string | null;
  promptName: string;
  /** The form's values by field id (placeholders.ts). */
  filledValues: Record<string, string>;
  finalPrompt: string;
  provider: string;
  model: string | null;
  /** The tab the extension ran it on. */
  pageUrl?: string | null;
}

/** A run as it is recorded: what it started with, and how it ended. */
export interface RunRecord extends RunContext {
  output: string;
  status: RunEndStatus;
  /** The error notice's text, for status 'error'. */
  errorMessage?: string | null;
}

/**
 * The record of a run that has ended (done, stopped or failed), or null while it has not (idle,
 * running): its text so far, and a failure's notice as its error message.
 */
export function endedRunRecord(
  context: RunContext,
  run: { status: 'idle' | 'running' | RunEndStatus; text: string; error: { title: string; message: string } | null },
): RunRecord | null {
  if (run.status === 'idle' || run.status === 'running') return null;
  return { ...context, output: run.text, status: run.status, errorMessage: run.error ? runErrorText(run.error) : null };
}

export type RunPromptSource = 'saved' | 'free' | 'invalid';

/** Built-in prompt ids are short words (fp1 … fp4); anything else cannot be one. */
const FREE_ID = /^[a-z][a-z0-9_-]{0,63}$/i;

/**
 * Which table an id of the route names: saved prompts have uuids, the built-in free prompts short
 * text ids. 'invalid' needs no query: it is 'Prompt not found'.
 */
export function runPromptSource(id: string): RunPromptSource {
  if (isUuid(id)) return 'saved';
  if (FREE_ID.test(id)) return 'free';
  return 'invalid';
}

/** A prompt ready to fill and run, from either table. */
export interface RunnablePrompt {
  source: 'saved' | 'free';
  id: string;
  name: string;
  promptText: string;
  description: string;
  /** The built-in stacks' questions: the labels of their placeholders. */
  questions: PromptQuestion[];
  isPremium: boolean;
  /** Premium without the plan: shown with its teaser, not run. */
  locked: boolean;
  /** The provider the prompt runs with unless the user picks another. */
  provider: ProviderId;
  /** null: the provider's default model. */
  model: string | null;
  /** A built-in prompt's category id, for its 'Free - {category}' label. */
  categoryId: string | null;
}

/**
 * The provider a prompt's llm_provider names. The prompt screens list openai, gemini and
 * chatgpt_custom first; the library adds the others. Anything unknown starts on the default, openai.
 */
export function providerFor(llmProvider: string | null | undefined): ProviderId {
  const value = (llmProvider ?? '').trim().toLowerCase();
  return PROVIDER_IDS.includes(value as ProviderId) ? (value as ProviderId) : 'openai';
}

export const fromSavedPrompt = (p: LibraryPrompt): RunnablePrompt => ({
  source: 'saved',
  id: p.id,
  name: p.name,
  promptText: p.promptText,
  description: p.description,
  questions: [],
  isPremium: p.isPremium,
  locked: p.isPremium,
  provider: providerFor(p.llmProvider),
  model: p.model?.trim() || null,
  categoryId: null,
});

export const fromFreePrompt = (p: FreePrompt): RunnablePrompt => ({
  source: 'free',
  id: p.id,
  name: p.name,
  promptText: p.promptText,
  description: '',
  questions: p.questions,
  isPremium: p.isPremium,
  locked: p.locked,
  provider: providerFor(p.llmProvider),
  model: null,
  categoryId: p.categoryId,
});

/** What a run of this prompt records as its prompt (prompt_runs.prompt_id / free_prompt_id). */
export const runLink = (prompt: Pick<RunnablePrompt, 'source' | 'id'>): { promptId: string | null; freePromptId: string | null } =>
  prompt.source === 'saved' ? { promptId: prompt.id, freePromptId: null } : { promptId: null, freePromptId: prompt.id };

/** The form's values as a run keeps them: every field, as typed (the page variables too: the user typed them). */
export function valuesToStore(fields: readonly PromptField[], values: FieldValues): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f.id, values[f.id] ?? '']));
}

/** A run's stored values back into the form: only fields the prompt still has, only strings. */
export function valuesFromRun(fields: readonly PromptField[], stored: Readonly<Record<string, unknown>>): Record<string, string> {
  const restored: Record<string, string> = {};
  for (const field of fields) {
    const value = stored[field.id];
    if (typeof value === 'string') restored[field.id] = value;
  }
  return restored;
}

/** A stored value's label when the prompt's fields are not at hand (the history of all runs). */
export function labelForValueId(id: string): string {
  const page = /^\{\{(\w+)\}\}$/.exec(id)?.[1];
  if (page && page in PAGE_VARIABLES) return PAGE_VARIABLES[page as PageVariable].label;
  return humanizePlaceholderName(id);
}

/**
 * The filled values to show with a run, empty ones left out: in form order when the fields are
 * known, otherwise by label (the database keeps no key order: jsonb sorts keys by length).
 */
export function filledValueRows(
  stored: Readonly<Record<string, unknown>>,
  fields?: readonly PromptField[],
): { id: string; label: string; value: string }[] {
  const labels = new Map((fields ?? []).map((f) => [f.id, f.label]));
  const known = (fields ?? []).map((f) => f.id).filter((id) => id in stored);
  const others = Object.keys(stored)
    .filter((id) => !labels.has(id))
    .map((id) => ({ id, label: labelForValueId(id) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const rows = [...known.map((id) => ({ id, label: labels.get(id)! })), ...others];
  return rows.flatMap(({ id, label }) => {
    const value = stored[id];
    return typeof value === 'string' && value.trim() ? [{ id, label, value }] : [];
  });
}

/** Where a run of the history reopens: its prompt's run page with the run, or null when the prompt is gone. */
export function reopenRunPath(run: { id: string; promptId: string | null; freePromptId: string | null }): string | null {
  const promptId = run.promptId ?? run.freePromptId;
  return promptId ? `${runPromptPath(promptId)}?run=${encodeURIComponent(run.id)}` : null;
}

/** What the history keeps of a failed run: the notice's title and message. */
export const runErrorText = (error: { title: string; message: string }): string => `${error.title}: ${error.message}`;
