import { queryOptions } from '@tanstack/react-query';
import { isAdminRole, isAppRole, type AppRole } from '@/shared/core/admin/roles.ts';
import { listFreeCatalogForAdmin, listRecommendedForAdmin } from '@/shared/data/admin/catalog.ts';
import { getMonitoringActivity, getMonitoringSettings } from '@/shared/data/admin/monitoring.ts';
import { listManagedUsers } from '@/shared/data/admin/users.ts';
import { listContactMessages } from '@/shared/data/contact.ts';
import { listDocumentsForAdmin } from '@/shared/data/products.ts';
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

/** The admin screen: who may see it, and what each of its tabs lists. */
export const adminQueries = {
  access: () => queryOptions({ queryKey: queryKeys.admin.access(), queryFn: adminRole }),
  catalogRecommended: () =>
    queryOptions({ queryKey: queryKeys.admin.catalogRecommended(), queryFn: async () => unwrap(await listRecommendedForAdmin(supabase)) }),
  catalogFree: () =>
    queryOptions({ queryKey: queryKeys.admin.catalogFree(), queryFn: async () => unwrap(await listFreeCatalogForAdmin(supabase)) }),
  messages: (limit: number) =>
    queryOptions({ queryKey: queryKeys.admin.messages(limit), queryFn: async () => unwrap(await listContactMessages(supabase, limit)) }),
  monitoring: () =>
    queryOptions({ queryKey: queryKeys.admin.monitoring(), queryFn: async () => unwrap(await getMonitoringSettings(supabase)) }),
  monitoringActivity: () =>
    queryOptions({ queryKey: queryKeys.admin.monitoringActivity(), queryFn: async () => unwrap(await getMonitoringActivity(supabase)) }),
  products: () =>
    queryOptions({ queryKey: queryKeys.admin.products(), queryFn: async () => unwrap(await listDocumentsForAdmin(supabase)) }),
  users: () => queryOptions({ queryKey: queryKeys.admin.users(), queryFn: async () => unwrap(await listManagedUsers(supabase)) }),
};
