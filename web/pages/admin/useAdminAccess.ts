import { useQuery } from '@tanstack/react-query';
import { adminQueries } from '@/web/queries/admin.ts';

/**
 * Who may see the admin screen: the viewer's role as the database has it now (current_app_role),
 * not a copy from sign-in; null for a viewer who is no admin. The screen's data calls are refused by
 * the server anyway; this only decides what to show.
 */
export function useAdminAccess() {
  return useQuery(adminQueries.access());
}
