import type { SupabaseClient } from '@supabase/supabase-js';
import { parseQuota, QUOTA_TEXTS, type QuotaStatus } from '../core/quota.ts';
import { fail, ok, type DataResult } from './prompts.ts';

/**
 * The monthly generation quota (migration 20261123001000_generation_quota.sql): the database
 * reserves a slot before the AI is called and refuses past 50 a month; the slot is confirmed when
 * the document exists, refunded when generation fails or stops. `countedGeneration` does all
 * three around one generation, so the document generator never counts anything itself.
 */

/** error.code of a refusal at the limit (the message is 'Monthly Generation Limit Reached'). */
export const GENERATION_LIMIT_CODE = 'generation_limit';

const parsed = (value: unknown): DataResult<QuotaStatus> => {
  const quota = parseQuota(value);
  return quota ? ok(quota) : fail({ message: 'Unexpected answer from the quota service.', code: 'invalid_answer' });
};

/** The caller's counter for "n / 50". */
export async function getQuota(client: SupabaseClient): Promise<DataResult<QuotaStatus>> {
  const { data, error } = await client.rpc('generation_quota');
  return error ? fail(error) : parsed(data);
}

export interface Reservation {
  reservationId: string;
  quota: QuotaStatus;
}

/** Reserves one generation; error.code GENERATION_LIMIT_CODE at the limit. */
export async function reserveGeneration(client: SupabaseClient): Promise<DataResult<Reservation>> {
  const { data, error } = await client.rpc('consume_generation');
  if (error) {
    return error.code === 'PT429' ? fail({ message: QUOTA_TEXTS.limitTitle, code: GENERATION_LIMIT_CODE }) : fail(error);
  }
  const quota = parseQuota(data);
  const reservationId = (data as { reservation_id?: unknown } | null)?.reservation_id;
  if (!quota || typeof reservationId !== 'string') return fail({ message: 'Unexpected answer from the quota service.', code: 'invalid_answer' });
  return ok({ reservationId, quota });
}

/** The generation succeeded: the reserved slot is used. */
export async function confirmGeneration(client: SupabaseClient, reservationId: string): Promise<DataResult<QuotaStatus>> {
  const { data, error } = await client.rpc('confirm_generation', { reservation: reservationId });
  return error ? fail(error) : parsed(data);
}

/** The generation failed or was stopped: the reserved slot is free again. */
export async function refundGeneration(client: SupabaseClient, reservationId: string): Promise<DataResult<QuotaStatus>> {
  const { data, error } = await client.rpc('refund_generation', { reservation: reservationId });
  return error ? fail(error) : parsed(data);
}

export type CountedGeneration<T> =
  /** Generated and counted. */
  | { status: 'done'; value: T; quota: QuotaStatus | null }
  /** Refused before anything ran: the month's 50 are used ('Monthly Generation Limit Reached'). */
  | { status: 'limit' }
  /** `generate` threw (provider error, stopped): the slot was given back. */
  | { status: 'failed'; error: unknown; quota: QuotaStatus | null }
  /** The quota service itself failed; nothing ran. */
  | { status: 'error'; message: string };

/**
 * Runs one generation inside the quota: reserve, run `generate`, then confirm (it returned) or
 * refund (it threw). If the confirmation cannot be sent, the reservation lapses by itself after
 * 15 minutes and the slot comes back — the doubt always goes to the user.
 */
export async function countedGeneration<T>(client: SupabaseClient, generate: () => Promise<T>): Promise<CountedGeneration<T>> {
  const reserved = await reserveGeneration(client);
  if (reserved.error) return reserved.error.code === GENERATION_LIMIT_CODE ? { status: 'limit' } : { status: 'error', message: reserved.error.message };
  const { reservationId } = reserved.data;
  let value: T;
  try {
    value = await generate();
  } catch (error) {
    const refunded = await refundGeneration(client, reservationId);
    return { status: 'failed', error, quota: refunded.data };
  }
  const confirmed = await confirmGeneration(client, reservationId);
  return { status: 'done', value, quota: confirmed.data };
}
