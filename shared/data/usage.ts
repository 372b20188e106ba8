import type { AiUsage } from '../ai/usage.ts';
import {
  ledgerRowOf,
  userPriceOf,
  utcDay,
  type CallUsage,
  type UsageFeature,
  type UsageRow,
  type UsageSubject,
  type UsageSurface,
} from '../core/usage/ledger.ts';
import type { UserPrice } from '../core/usage/prices.ts';
import type { Tables } from './database.types.ts';
import { fail, ok, type DataResult } from './result.ts';
import { asJson, type AppClient } from './supabase.ts';
import { budgetCheck, forgetBudgetStatus } from './usageBudgets.ts';

/**
 * The usage ledger from the browser (dashboard, side panel, popup): each AI call's one row
 * (shared/core/usage/ledger.ts computes it) inserted as the signed-in user (RLS: user_id defaults
 * to auth.uid()), priced with the user's own overrides where they set one. A failed insert is
 * logged, never thrown into the call: the answer is shown either way.
 */

/** How long the user's price overrides are trusted before they are read again (an edit shows within this). */
const OVERRIDES_FRESH_MS = 30_000;
/** How long a row waits for what it belongs to (a run recorded after its answer) before it is written without it. */
const SUBJECT_WAIT_MS = 20_000;

const overridesCache = new WeakMap<AppClient, { at: number; prices: Promise<UserPrice[]> }>();

/** The user's price overrides, kept OVERRIDES_FRESH_MS per client; a failed read prices from the table alone. */
function userPrices(client: AppClient, now = Date.now()): Promise<UserPrice[]> {
  const cached = overridesCache.get(client);
  if (cached && now - cached.at < OVERRIDES_FRESH_MS) return cached.prices;
  const prices = Promise.resolve(
    client
      .from('usage_price_overrides')
      .select('provider, model, input_per_million, cached_input_per_million, output_per_million, per_image, per_search'),
  ).then(({ data, error }) => {
    if (error) {
      overridesCache.delete(client);
      return [];
    }
    return data.map(userPriceOf);
  });
  overridesCache.set(client, { at: now, prices });
  return prices;
}

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** What a call belongs to: known now, or once it exists (a run or conversation saved after its answer). */
type SubjectInput = UsageSubject | null | undefined | PromiseLike<UsageSubject | null | undefined>;

const settled = (subject: SubjectInput): Promise<UsageSubject | null> => {
  if (!subject || !('then' in subject)) return Promise.resolve(subject ?? null);
  return Promise.race([
    Promise.resolve(subject).then(
      (value) => value ?? null,
      () => null,
    ),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), SUBJECT_WAIT_MS)),
  ]);
};

interface UsageOptions {
  /** What the call belongs to (see SubjectInput). */
  subject?: SubjectInput;
  /** A workflow step's index (with a workflow_run subject). */
  stepIndex?: number;
  /** Called with the row once it is written (or could not be: it is still what the call used). */
  onRecorded?: (row: UsageRow) => void;
}

/** The AiUsage for one feature's calls; see usageRecorder. */
export type UsageFor = (feature: UsageFeature, options?: UsageOptions) => AiUsage;

/**
 * Whether the client acts for someone. The extension's clients hold no session of their own (the
 * background hands them its token: supabase-js's accessToken option, which refuses auth.getSession),
 * so they count as signed in; a read or insert refused without a user is then handled where it fails.
 */
async function signedIn(client: AppClient): Promise<boolean> {
  try {
    return (await client.auth.getSession()).data.session !== null;
  } catch {
    return true;
  }
}

/**
 * The usage reporter of a front end: `usageRecorder(client, 'dashboard')('run', { subject })` is
 * the `usage` of an AI request. Each call's row is inserted once it ends; budgets are checked
 * before each call (usageBudgets.ts) and read again after each recorded one. `client` may be the
 * extension's loader (its client loads on first use).
 */
export function usageRecorder(client: AppClient | (() => Promise<AppClient>), surface: UsageSurface): UsageFor {
  const resolve = typeof client === 'function' ? client : () => Promise.resolve(client);
  return (feature, options = {}) => ({
    feature,
    async check(provider, model) {
      const db = await resolve();
      // Signed out there is no budget to read (and the read would only be refused).
      if (!(await signedIn(db))) return;
      await budgetCheck(db)(provider, model);
    },
    record(call: CallUsage) {
      void resolve()
        .then((db) => recordCall(db, call, { feature, surface, stepIndex: options.stepIndex }, options.subject))
        .then(
          (row) => options.onRecorded?.(row),
          (error: unknown) => console.error('The usage row could not be saved', error),
        );
    },
  });
}

async function recordCall(
  client: AppClient,
  call: CallUsage,
  context: { feature: UsageFeature; surface: UsageSurface; stepIndex?: number },
  subject: SubjectInput,
): Promise<UsageRow> {
  const [prices, about] = await Promise.all([userPrices(client), settled(subject)]);
  // An id that is not a stored row's (an offer not saved yet) links nothing.
  const row = ledgerRowOf(call, { ...context, subject: about && isUuid(about.id) ? about : null }, prices, utcDay());
  // Signed out (a public page's free tool): nobody owns a row; the answer still shows its cost.
  if (!(await signedIn(client))) return row;
  try {
    const { error } = await client.from('usage_events').insert({ ...row, price: row.price && asJson(row.price) });
    if (error) console.error('The usage row could not be saved', error.message);
  } catch (error) {
    console.error('The usage row could not be saved', error);
  }
  forgetBudgetStatus(client);
  return row;
}

/** A ledger row as read back (every column but user_id). */
export type UsageEvent = Omit<Tables<'usage_events'>, 'user_id'>;

const EVENT_COLUMNS =
  'id, created_at, feature, surface, provider, model, input_tokens, cached_input_tokens, cache_write_input_tokens, output_tokens, images, searches, estimated, outcome, cost_micros, price, subject_kind, subject_id, step_index';

/** Rows per page of listUsageRows. */
export const USAGE_PAGE_SIZE = 100;

/**
 * The caller's ledger rows with created_at in [from, to) (ISO timestamps), newest first, one page
 * of USAGE_PAGE_SIZE at a time: `page` 0 is the newest. `more` says whether another page follows.
 */
export async function listUsageRows(
  client: AppClient,
  { from, to, page = 0 }: { from: string; to: string; page?: number },
): Promise<DataResult<{ rows: UsageEvent[]; more: boolean }>> {
  const start = page * USAGE_PAGE_SIZE;
  const { data, error } = await client
    .from('usage_events')
    .select(EVENT_COLUMNS)
    .gte('created_at', from)
    .lt('created_at', to)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    // One row past the page tells whether there is another.
    .range(start, start + USAGE_PAGE_SIZE);
  if (error) return fail(error);
  return ok({ rows: data.slice(0, USAGE_PAGE_SIZE), more: data.length > USAGE_PAGE_SIZE });
}

/** The rows of one subject (a run, a conversation, a workflow run), oldest first: the cost under its answers. */
export async function usageOfSubject(client: AppClient, subject: UsageSubject): Promise<DataResult<UsageEvent[]>> {
  const { data, error } = await client
    .from('usage_events')
    .select(EVENT_COLUMNS)
    .eq('subject_kind', subject.kind)
    .eq('subject_id', subject.id)
    .order('created_at')
    .limit(1000);
  return error ? fail(error) : ok(data);
}
