import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminRefusal, AppRole } from '@/shared/core/admin/roles.ts';
import type { ManagedUser, UserFormInput } from '@/shared/core/admin/users.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { adminQueries, refusalOf, useManagedUserMutations } from '@/web/queries/admin.ts';

/**
 * The accounts the viewer manages and adding, editing and deleting them, each followed by its toast
 * ('User Updated', …); the list is updated in place from the row the server returns. A role is
 * changed by its row of the list (useChangeRoleMutation).
 */
export function useManagedUsers(reloadKey: number) {
  const queryClient = useQueryClient();
  const query = useQuery(adminQueries.users());
  const { add, update, remove } = useManagedUserMutations();

  // Data replaced elsewhere on the screen (a restore): read again.
  useEffect(() => {
    if (reloadKey) void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
  }, [reloadKey, queryClient]);

  return {
    query,
    /** Null when added; otherwise the refusal (also shown as a toast). */
    add: (input: UserFormInput, role: AppRole): Promise<AdminRefusal | null> =>
      add.mutateAsync({ input, role }).then(() => null, refusalOf),
    update: (user: ManagedUser, input: UserFormInput): Promise<AdminRefusal | null> =>
      update.mutateAsync({ user, input }).then(() => null, refusalOf),
    /** While an add or an edit is being saved. */
    saving: add.isPending || update.isPending,
    remove: (user: ManagedUser): Promise<boolean> =>
      remove.mutateAsync(user).then(
        () => true,
        () => false,
      ),
    removing: remove.isPending,
  };
}
