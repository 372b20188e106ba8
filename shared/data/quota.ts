import type { AppClient } from './supabase.ts';
import { parseQuota, QUOTA_TEXTS, type QuotaStatus } from '../core/quota.ts';
import { fail, ok, type DataResult } from './result.ts';

/**
 * The monthly generation quota (migrations 20261123001000 and 20261125000400): the database
 * reserves a slot before the AI is called and refuses past 50 a month. Generations run through the
 * generate-document Edge Function (shared/data/generation.ts), which alone settles a slot —
 * counted with the document, or given back when the provider failed or the user stopped.
 */

/** error.code of a refusal at the limit (the message is 'Monthly Generation Limit Reached'). */
export const GENERATION_LIMIT_CODE = 'generation_limit';

const parsed = (value: unknown): DataResult<QuotaStatus> => {
  const quota = parseQuota(value);
  return quota ? ok(quota) : fail({ message: 'Unexpected answer from the quota service.', code: 'invalid_answer' });
};

/** The caller's counter for "n / 50". */
export async function getQuota(client: AppClient): Promise<DataResult<QuotaStatus>> {
  const { data, error } = await client.rpc('generation_quota');
  return error ? fail(error) : parsed(data);
}

export interface Reservation {
  reservationId: string;
  quota: QuotaStatus;
}

/** Reserves one generation; error.code GENERATION_LIMIT_CODE at the limit. */
export async function reserveGeneration(client: AppClient): Promise<DataResult<Reservation>> {
  const { data, error } = await client.rpc('consume_generation');
  if (error) {
    return error.code === 'PT429' ? fail({ message: QUOTA_TEXTS.limitTitle, code: GENERATION_LIMIT_CODE }, 'limit') : fail(error);
  }
  const quota = parseQuota(data);
  const reservationId = (data as { reservation_id?: unknown } | null)?.reservation_id;
  if (!quota || typeof reservationId !== 'string')
    return fail({ message: 'Unexpected answer from the quota service.', code: 'invalid_answer' });
  return ok({ reservationId, quota });
}
