import { fail, ok, type DataResult } from './result.ts';
import type { AppClient } from './supabase.ts';

/** The first-run checklist's state (table getting_started, function visit_dashboard). */
export interface GettingStarted {
  /** False on the account's very first dashboard visit. */
  returning: boolean;
  hasKey: boolean;
  hasPrompt: boolean;
  hasKnowledge: boolean;
  extensionConnected: boolean;
  dismissed: boolean;
}

/** Records a dashboard visit and answers the checklist. */
export async function visitDashboard(client: AppClient): Promise<DataResult<GettingStarted>> {
  const { data, error } = await client.rpc('visit_dashboard');
  if (error) return fail(error);
  // The function answers json (typed Json): the flags below.
  const row = data as Record<string, unknown>;
  const flag = (name: string) => row[name] === true;
  return ok({
    returning: flag('returning'),
    hasKey: flag('has_key'),
    hasPrompt: flag('has_prompt'),
    hasKnowledge: flag('has_knowledge'),
    extensionConnected: flag('extension_connected'),
    dismissed: flag('dismissed'),
  });
}

/** Hides the checklist for good (the account's choice, on every device). */
export async function dismissGettingStarted(client: AppClient, userId: string): Promise<DataResult<void>> {
  const { error } = await client
    .from('getting_started')
    .upsert({ user_id: userId, dismissed_at: new Date().toISOString() }, { onConflict: 'user_id' });
  return error ? fail(error) : ok();
}

/** Notes that this account's extension was seen connected (its step stays ticked). */
export async function markExtensionConnected(client: AppClient, userId: string): Promise<DataResult<void>> {
  const { error } = await client
    .from('getting_started')
    .upsert({ user_id: userId, extension_connected_at: new Date().toISOString() }, { onConflict: 'user_id' });
  return error ? fail(error) : ok();
}
