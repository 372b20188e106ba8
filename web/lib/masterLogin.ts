import type { Session } from '@supabase/supabase-js';
import type { AppClient } from '@/shared/data/supabase.ts';
import { isAdminRole } from '@/shared/core/admin/roles.ts';
import { fetchProfile } from './session.tsx';
import { createIsolatedAuthClient, supabase } from './supabase.ts';

/**
 * Master login checks an account on an isolated client so that a refused attempt never touches
 * the app's session: no sign-in notice, no sign-out clean-up of this browser's keys. Only an
 * admin's session is then handed to the app's client.
 */
export const createCredentialCheckClient = (): AppClient => createIsolatedAuthClient('ai-vault-master-login-check');

export type MasterLoginOutcome =
  { admitted: true } | { admitted: false; reason: 'notAdmin' } | { admitted: false; reason: 'error'; message: string };

/**
 * The checked session's role decides (read from the database, never the e-mail address): an
 * admin's session becomes the app's; anyone else's is ended on the server and forgotten.
 */
export async function admitIfAdmin(checker: AppClient, session: Session): Promise<MasterLoginOutcome> {
  const profile = await fetchProfile(session.user.id, checker);
  if (!isAdminRole(profile?.role)) {
    await checker.auth.signOut({ scope: 'local' });
    return { admitted: false, reason: 'notAdmin' };
  }
  const { error } = await supabase.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
  if (error) return { admitted: false, reason: 'error', message: error.message };
  return { admitted: true };
}
