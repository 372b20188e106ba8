import type { Tables } from './database.types.ts';
import type { AppClient } from './supabase.ts';
import type { FeatureRequestRow } from '../core/featureRequests.ts';
import type { FeatureRequestOutcome, RequestableFeature } from '../core/hub.ts';
import type { MailStatus } from '../core/mail.ts';
import { functionErrorKind, functionRefusal } from './functions.ts';
import { fail, ok, type DataResult } from './result.ts';

/** One user's interest in a feature that is not built yet (table feature_requests). */
export type FeatureRequest = Pick<Tables<'feature_requests'>, 'id' | 'user_id' | 'created_at'> & { feature: RequestableFeature };

/** Postgres unique_violation: the user already asked for this feature. */
const UNIQUE_VIOLATION = '23505';

/**
 * Records the signed-in user's interest in a feature (user_id defaults to auth.uid() in the
 * database). A second request for the same feature is not an error: it answers 'already'.
 * (The returned row is readable by its owner, so RLS lets the insert answer with it.)
 */
export async function requestFeature(client: AppClient, feature: RequestableFeature): Promise<DataResult<FeatureRequestOutcome>> {
  // ON CONFLICT DO NOTHING: a repeat returns no row instead of a 409 the browser would log.
  const { data, error } = await client
    .from('feature_requests')
    .upsert({ feature }, { onConflict: 'user_id,feature', ignoreDuplicates: true })
    .select('id');
  if (!error) return ok(data && data.length > 0 ? 'added' : 'already');
  if (error.code === UNIQUE_VIOLATION) return ok('already');
  return fail(error);
}

/** The features the signed-in user asked for (RLS: own rows; admins see everyone's, so filter by user). */
export async function listMyFeatureRequests(client: AppClient, userId: string): Promise<DataResult<FeatureRequest[]>> {
  const { data, error } = await client
    .from('feature_requests')
    .select('id, user_id, feature, created_at')
    .eq('user_id', userId)
    .order('created_at', { ascending: true });
  // feature is text to the generated types; its check constraint holds it to REQUESTABLE_FEATURES.
  return error ? fail(error) : ok((data ?? []) as FeatureRequest[]);
}

/** Withdraws the user's request for a feature. */
export async function withdrawFeatureRequest(client: AppClient, userId: string, feature: RequestableFeature): Promise<DataResult<void>> {
  const { error } = await client.from('feature_requests').delete().eq('user_id', userId).eq('feature', feature);
  return error ? fail(error) : ok();
}

/** Every request with the requester's address, newest first (admins: everyone's; RLS). */
export async function listAllFeatureRequests(client: AppClient): Promise<DataResult<FeatureRequestRow[]>> {
  const { data, error } = await client.rpc('feature_request_list');
  return error ? fail(error) : ok(data ?? []);
}

/** When each feature shipped (table feature_status: admins only). */
export async function listFeatureStatus(client: AppClient): Promise<DataResult<Map<string, string | null>>> {
  const { data, error } = await client.from('feature_status').select('feature, shipped_at');
  return error ? fail(error) : ok(new Map((data ?? []).map((r) => [r.feature, r.shipped_at])));
}

/** What marking a feature shipped did: when it shipped, and the mails sent now (and those that failed). */
export interface ShippedOutcome {
  shippedAt: string;
  mailed: number;
  /** Requesters not mailed: they are mailed on the next click (once mail is on, when it is off). */
  failed: number;
  /** Whether the project has a mailer. */
  mail: MailStatus;
}

/** Marks a feature shipped and mails its requesters not mailed yet (the feature-shipped function; admins only). */
export async function markFeatureShipped(client: AppClient, feature: RequestableFeature): Promise<DataResult<ShippedOutcome>> {
  const { data, error } = await client.functions.invoke<ShippedOutcome>('feature-shipped', { body: { feature } });
  if (!error && data) return ok(data);
  const detail = await functionRefusal(error);
  return fail(
    { message: detail?.error ?? error?.message ?? 'The feature could not be marked shipped.', code: detail?.code ?? undefined },
    functionErrorKind(error, detail),
  );
}
