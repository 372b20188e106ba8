import { useCallback, useEffect, useState } from 'react';
import { isAdminRole, isAppRole, type AppRole } from '@/shared/core/admin/roles.ts';
import { supabase } from '@/web/lib/supabase.ts';

export type AdminAccess =
  { status: 'loading' } | { status: 'denied' } | { status: 'error'; message: string } | { status: 'allowed'; role: AppRole };

/**
 * Who may see the admin screen: the viewer's role as the database has it now (current_app_role),
 * not a copy from sign-in. The screen's data calls are refused by the server anyway; this only
 * decides what to show.
 */
export function useAdminAccess(): { access: AdminAccess; retry: () => void } {
  const [access, setAccess] = useState<AdminAccess>({ status: 'loading' });

  const load = useCallback(async () => {
    setAccess({ status: 'loading' });
    const { data, error } = await supabase.rpc('current_app_role');
    if (error) return setAccess({ status: 'error', message: error.message });
    setAccess(isAppRole(data) && isAdminRole(data) ? { status: 'allowed', role: data } : { status: 'denied' });
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return { access, retry: () => void load() };
}
