import { budgetStop } from '@/shared/ai/aiErrors.ts';
import { budgetVerdict } from '@/shared/core/usage/budgets.ts';
import type { Db } from './db.ts';

/**
 * Budgets on the server: a call the Edge Functions make for a user (a workflow step, a document, a
 * scheduled run) is refused when that user's budget for its provider, or their overall budget, is
 * at 100% and set to stop (shared/core/usage/budgets.ts words the sentence). Asked of the database
 * each time (usage_budget_status_for, as the service role): a server call is rare next to the
 * cost of running over.
 */

/** The sentence refusing a call on `provider` for `owner`, or null when it may go on. */
export async function budgetRefusal(db: Db, owner: string, provider: string): Promise<string | null> {
  const [states, settings] = await Promise.all([
    db.rpc('usage_budget_status_for', { for_user: owner }),
    db.from('usage_settings').select('currency').eq('user_id', owner).maybeSingle(),
  ]);
  // A budget that cannot be read stops nothing (the run still fails on its own if the database is down).
  if (states.error) {
    console.error('[budgets] could not read the budgets', states.error);
    return null;
  }
  return budgetVerdict(states.data, provider, settings.data?.currency ?? 'USD').refusal;
}

/** AiUsage.check for calls made for `owner`: throws the budget's AiError (kind 'budget') over a stop budget. */
export const budgetCheckFor =
  (db: Db, owner: string) =>
  async (provider: string): Promise<void> => {
    const refusal = await budgetRefusal(db, owner, provider);
    if (refusal) throw budgetStop(refusal);
  };
