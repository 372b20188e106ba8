import type { PlanId } from '../core/hub.ts';
import { fail, ok, type DataResult } from './result.ts';
import type { AppClient } from './supabase.ts';

const PLAN_IDS: readonly PlanId[] = ['free', 'pro', 'team'];

/** The plan that applies to the caller now, as the database computes it from their subscription ('free' signed out). */
export async function getCurrentPlan(client: AppClient): Promise<DataResult<PlanId>> {
  const { data, error } = await client.rpc('current_plan');
  if (error) return fail(error);
  return PLAN_IDS.includes(data as PlanId)
    ? ok(data as PlanId)
    : fail({ message: 'Unexpected answer from the plan service.', code: 'invalid_answer' });
}
