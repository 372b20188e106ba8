import type { AiUsage } from '@/shared/ai/usage.ts';
import {
  ledgerRowOf,
  userPriceOf,
  utcDay,
  type CallUsage,
  type UsageFeature,
  type UsageRow,
  type UsageSubject,
} from '@/shared/core/usage/ledger.ts';
import { budgetCheckFor } from './budgets.ts';
import { serviceDb, type Db } from './db.ts';

/**
 * The usage ledger on the server: an AI call an Edge Function makes for a user (a document, a
 * workflow step, a scheduled run) writes its one row through the service role (the user is not
 * the caller of a scheduled run), with surface 'server' and the user's own price overrides. Budgets
 * are checked before each call (budgets.ts). A failed insert is logged; the run goes on.
 */

async function userPrices(db: Db, userId: string) {
  const { data, error } = await db
    .from('usage_price_overrides')
    .select('provider, model, input_per_million, cached_input_per_million, output_per_million, per_image, per_search')
    .eq('user_id', userId);
  if (error) console.error('[usage] could not read the price overrides', error.message);
  return (data ?? []).map(userPriceOf);
}

/** Writes the row of one call made for `userId`; resolves with it once written (or logged as not). */
export async function recordServerUsage(
  userId: string,
  call: CallUsage,
  context: { feature: UsageFeature; subject?: UsageSubject | null; stepIndex?: number },
  db: Db = serviceDb(),
): Promise<UsageRow> {
  const row = ledgerRowOf(call, { ...context, surface: 'server' }, await userPrices(db, userId), utcDay());
  const { error } = await db.from('usage_events').insert({ ...row, price: row.price ? { ...row.price } : null, user_id: userId });
  if (error) console.error('[usage] could not record a call', error.message);
  return row;
}

/**
 * The `usage` of an AI request an Edge Function makes for `userId`. `pending` collects the inserts
 * so a function can wait for them before it answers (a platform may stop the worker after the
 * response); `stepIndex` ties a workflow step's row to its step.
 */
export function serverUsage(
  userId: string,
  feature: UsageFeature,
  subject?: UsageSubject | null,
  options: { stepIndex?: number; pending?: Promise<unknown>[] } = {},
): AiUsage {
  const db = serviceDb();
  return {
    feature,
    ...(subject ? { subject } : {}),
    // The rows of the calls before this one count: a budget they used up stops this call.
    async check(provider) {
      if (options.pending) await Promise.allSettled(options.pending);
      await budgetCheckFor(db, userId)(provider);
    },
    record(call) {
      const written = recordServerUsage(userId, call, { feature, subject, stepIndex: options.stepIndex }, db).catch((error: unknown) => {
        console.error('[usage] could not record a call', error);
      });
      options.pending?.push(written);
    },
  };
}
