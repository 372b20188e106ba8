import type { ClientErrorReport } from '../core/admin/clientErrors.ts';
import { functionErrorKind, functionRefusal } from './functions.ts';
import { fail, ok, type DataResult } from './result.ts';
import type { AppClient } from './supabase.ts';

/** Reports a page error for the master admins' monitoring (the report-error Edge Function). */
export async function reportClientError(client: AppClient, report: ClientErrorReport): Promise<DataResult<void>> {
  const { error } = await client.functions.invoke('report-error', { body: report });
  if (!error) return ok();
  const refusal = await functionRefusal(error);
  return fail({ message: refusal?.error ?? error.message, code: refusal?.code ?? undefined }, functionErrorKind(error, refusal));
}
