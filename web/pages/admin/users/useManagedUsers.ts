import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ROLE_LABELS, type AdminRefusal, type AppRole } from '@/shared/core/admin/roles.ts';
import { ADMIN_TOASTS, displayName, type ManagedUser, type UserFormInput } from '@/shared/core/admin/users.ts';
import { createManagedUser, deleteManagedUser, setUserRole, updateManagedUser } from '@/shared/data/admin/users.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { adminQueries } from '@/web/queries/admin.ts';

/**
 * The accounts the viewer manages and every change to them, each followed by its toast ('User Updated', …);
 * the list is updated in place from the row the server returns.
 */
export function useManagedUsers(reloadKey: number) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const query = useQuery(adminQueries.users());

  // Data replaced elsewhere on the screen (a restore): read again.
  useEffect(() => {
    if (reloadKey) void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
  }, [reloadKey, queryClient]);

  const edit = (change: (users: ManagedUser[]) => ManagedUser[]) =>
    queryClient.setQueryData<ManagedUser[]>(queryKeys.admin.users(), (users) => (users ? change(users) : users));
  const replace = (user: ManagedUser) => edit((users) => users.map((u) => (u.id === user.id ? user : u)));
  const fail = (error: AdminRefusal) => notify({ title: error.title, description: error.message, variant: 'destructive' });

  return {
    query,
    async changeRole(user: ManagedUser, role: AppRole): Promise<void> {
      const { data, error } = await setUserRole(supabase, user.id, role);
      if (error) return fail(error);
      replace(data);
      notify(ADMIN_TOASTS.roleUpdated(displayName(data), ROLE_LABELS[data.role]));
    },
    /** Null when added; otherwise the refusal (also shown as a toast). */
    async add(input: UserFormInput, role: AppRole): Promise<AdminRefusal | null> {
      const { data, error } = await createManagedUser(supabase, { ...input, role });
      if (error) {
        fail(error);
        return error;
      }
      edit((users) => [data, ...users]);
      notify(ADMIN_TOASTS.added(displayName(data), ROLE_LABELS[data.role]));
      return null;
    },
    async update(user: ManagedUser, input: UserFormInput): Promise<AdminRefusal | null> {
      const { data, error } = await updateManagedUser(supabase, user.id, input);
      if (error) {
        fail(error);
        return error;
      }
      replace(data);
      notify(ADMIN_TOASTS.updated(displayName(data)));
      return null;
    },
    async remove(user: ManagedUser): Promise<boolean> {
      const { error } = await deleteManagedUser(supabase, user.id);
      if (error) {
        fail(error);
        return false;
      }
      edit((users) => users.filter((u) => u.id !== user.id));
      notify(ADMIN_TOASTS.deleted(displayName(user)));
      return true;
    },
  };
}
