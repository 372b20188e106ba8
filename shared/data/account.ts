import type { AccountExport } from '../core/account/manifest.ts';
import { ACCOUNT_TEXTS } from '../core/account/texts.ts';
import { functionErrorKind, functionRefusal } from './functions.ts';
import { fail, ok, type DataResult } from './result.ts';
import type { AppClient } from './supabase.ts';

/** The caller's own data (account-export) and the deletion of their account (account-delete). */

/** The function's answer: streamed, so it ends with `complete: true`, or with `error` when a read failed midway. */
type ExportAnswer = AccountExport & { complete?: boolean; error?: string };

export async function fetchAccountExport(client: AppClient): Promise<DataResult<AccountExport>> {
  const { data, error } = await client.functions.invoke<ExportAnswer>('account-export', { body: {} });
  if (!error && data?.complete === true) {
    const { exportedAt, account, files } = data;
    return ok({ exportedAt, account, files });
  }
  if (!error) return fail({ message: ACCOUNT_TEXTS.exportFailed }, 'server');
  const refusal = await functionRefusal(error);
  return fail({ message: refusal?.error ?? ACCOUNT_TEXTS.exportFailed }, functionErrorKind(error, refusal));
}

export interface DeleteAccountForm {
  password: string;
  /** The authenticator code; empty when the account has none. */
  code: string;
  confirmation: string;
}

export async function deleteAccount(client: AppClient, form: DeleteAccountForm): Promise<DataResult<void>> {
  const { error } = await client.functions.invoke<{ deleted: boolean }>('account-delete', { body: form });
  if (!error) return ok();
  const refusal = await functionRefusal(error);
  return fail(
    { message: refusal?.error ?? ACCOUNT_TEXTS.deleteFailed, code: refusal?.code ?? undefined },
    functionErrorKind(error, refusal),
  );
}
