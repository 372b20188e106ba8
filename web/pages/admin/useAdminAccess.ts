import { useQuery } from '@tanstack/react-query';
import { isAdminRole, isAppRole, type AppRole } from '@/shared/core/admin/roles.ts';
import { fail, ok } from '@/shared/data/result.ts';
import { unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';

/** The viewer's admin role, or null for everyone else. */
async function adminRole(): Promise<AppRole | null> {
  const { data, error } = await supabase.rpc('current_app_role');
  const role = unwrap(error ? fail(error) : ok(data));
  return isAppRole(role) && isAdminRole(role) ? role : null;
}

/**
 * Who may see the admin screen: the viewer's role as the database has it now (current_app_role),
 * not a copy from sign-in; null for a viewer who is no admin. The screen's data calls are refused by
 * the server anyway; this only decides what to show.
 */
export function useAdminAccess() {
  return useQuery({ queryKey: queryKeys.admin.access(), queryFn: adminRole });
}
