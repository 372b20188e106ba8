import { useCallback } from 'react';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { CATALOG_TEXTS } from '@/shared/core/admin/catalogTexts.ts';
import { isAdminRole, isAppRole, ROLE_LABELS, type AdminRefusal, type AppRole } from '@/shared/core/admin/roles.ts';
import { ADMIN_TOASTS, displayName, type ManagedUser, type UserFormInput } from '@/shared/core/admin/users.ts';
import { PRODUCT_TEXTS } from '@/shared/core/products.ts';
import { listFreeCatalogForAdmin, listRecommendedForAdmin } from '@/shared/data/admin/catalog.ts';
import { getMonitoringActivity, getMonitoringSettings, saveMonitoringSettings } from '@/shared/data/admin/monitoring.ts';
import { createManagedUser, deleteManagedUser, listManagedUsers, setUserRole, updateManagedUser } from '@/shared/data/admin/users.ts';
import { deleteContactMessage, listContactMessages, type ContactMessage } from '@/shared/data/contact.ts';
import { listDocumentsForAdmin, updateProduct, type AdminDocument, type ProductEdit } from '@/shared/data/products.ts';
import { fail, ok, type DataResult, type TitledError } from '@/shared/data/result.ts';
import { useNotify, type NoticeInput } from '@/shared/ui/notices.tsx';
import { QueryError, unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { applyStorefrontChoice, type StorefrontChoice } from '@/web/pages/admin/products/storefrontSave.ts';

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

/**
 * One write of a catalogue editor (the write itself is the caller's): while it runs `busy` is true;
 * a failure is a notice; after a success the editors and the public pages (Recommended Prompts,
 * Prompt Stacks, Run Prompt) read the catalogue again. `write` answers whether it succeeded.
 */
export function useCatalogWriteMutation() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { mutateAsync, isPending } = useMutation({
    mutationFn: async ({ action }: { action: () => Promise<DataResult<unknown>>; success: NoticeInput | null }) => unwrap(await action()),
    onError: (error) => {
      notify(CATALOG_TEXTS.failed(error.message));
      // Another admin may have changed the rows: show what is there now.
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.catalogFree() });
    },
    onSuccess: async (_done, { success }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.catalogRecommended() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.catalogFree() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.recommended.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.prompts.all }),
      ]);
      if (success) notify(success);
    },
  });
  const write = useCallback(
    (action: () => Promise<DataResult<unknown>>, success: NoticeInput | null): Promise<boolean> =>
      mutateAsync({ action, success }).then(
        () => true,
        () => false,
      ),
    [mutateAsync],
  );
  return { busy: isPending, write };
}

/** A managed-user write's refusal (the data layer answers each with a title and a message). */
export const refusalOf = (error: Error): AdminRefusal =>
  error instanceof QueryError ? (error.dataError as TitledError) : { title: error.name, message: error.message };

/** The cached list of managed users, edited in place, and the toast for a refused change. */
function useManagedUserCache() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const edit = (change: (users: ManagedUser[]) => ManagedUser[]) =>
    queryClient.setQueryData(adminQueries.users().queryKey, (users) => (users ? change(users) : users));
  const replace = (user: ManagedUser) => edit((users) => users.map((u) => (u.id === user.id ? user : u)));
  const onError = (error: Error) => {
    const refusal = refusalOf(error);
    notify({ title: refusal.title, description: refusal.message, variant: 'destructive' });
  };
  return { edit, replace, onError, notify };
}

/**
 * Changes one user's role, followed by its toast ('User Role Updated'). Each row of the user list holds
 * its own, so a row is busy only while its own change runs.
 */
export function useChangeRoleMutation() {
  const { replace, onError, notify } = useManagedUserCache();
  return useMutation({
    mutationFn: async ({ user, role }: { user: ManagedUser; role: AppRole }) => unwrap(await setUserRole(supabase, user.id, role)),
    onSuccess: (changed) => {
      replace(changed);
      notify(ADMIN_TOASTS.roleUpdated(displayName(changed), ROLE_LABELS[changed.role]));
    },
    onError,
  });
}

/**
 * Adding, editing and deleting the accounts the viewer manages, each followed by its toast
 * ('User Updated', …); the cached list is updated in place from the row the server returns.
 */
export function useManagedUserMutations() {
  const { edit, replace, onError, notify } = useManagedUserCache();
  return {
    add: useMutation({
      mutationFn: async ({ input, role }: { input: UserFormInput; role: AppRole }) =>
        unwrap(await createManagedUser(supabase, { ...input, role })),
      onSuccess: (added) => {
        edit((users) => [added, ...users]);
        notify(ADMIN_TOASTS.added(displayName(added), ROLE_LABELS[added.role]));
      },
      onError,
    }),
    update: useMutation({
      mutationFn: async ({ user, input }: { user: ManagedUser; input: UserFormInput }) =>
        unwrap(await updateManagedUser(supabase, user.id, input)),
      onSuccess: (updated) => {
        replace(updated);
        notify(ADMIN_TOASTS.updated(displayName(updated)));
      },
      onError,
    }),
    remove: useMutation({
      mutationFn: async (user: ManagedUser) => unwrap(await deleteManagedUser(supabase, user.id)),
      onSuccess: (_deleted, user) => {
        edit((users) => users.filter((u) => u.id !== user.id));
        notify(ADMIN_TOASTS.deleted(displayName(user)));
      },
      onError,
    }),
  };
}

/** Saves the monitoring alert contacts; the cached settings become what the server stored. */
export function useSaveMonitoringMutation() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async (settings: Parameters<typeof saveMonitoringSettings>[1]) => unwrap(await saveMonitoringSettings(supabase, settings)),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminQueries.monitoring().queryKey, saved);
      notify(ADMIN_TOASTS.monitoringSaved);
    },
    onError: (error) => notify({ title: 'Error saving monitoring settings', description: error.message, variant: 'destructive' }),
  });
}

/** Deletes a contact message and takes it out of the list shown (`limit`: how many it holds). */
export function useDeleteMessageMutation(limit: number) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async (message: ContactMessage) => unwrap(await deleteContactMessage(supabase, message.id)),
    onSuccess: (_done, message) => {
      queryClient.setQueryData(adminQueries.messages(limit).queryKey, (messages) => messages?.filter((m) => m.id !== message.id));
      notify({ title: 'Message Deleted', description: `"${message.subject}" from ${message.email} was deleted.` });
    },
    onError: (error) => notify({ title: 'Error deleting message', description: error.message, variant: 'destructive' }),
  });
}

/**
 * Saves a product's fields, then the dialog's storefront steps (price, file). The returned row
 * replaces the cached one; a storefront step's refusal is a notice (the fields are saved anyway).
 */
export function useUpdateProductMutation() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async ({ id, edit, choice }: { id: string; edit: ProductEdit; choice: StorefrontChoice }) =>
      applyStorefrontChoice(unwrap(await updateProduct(supabase, id, edit)), choice),
    onSuccess: ({ document: updated, problem }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.products.all });
      if (problem) notify({ title: problem.title, description: problem.message, variant: 'destructive' });
      queryClient.setQueryData(adminQueries.products().queryKey, (documents: AdminDocument[] | undefined) =>
        documents?.map((d) => (d.id === updated.id ? updated : d)),
      );
      if (!problem) notify(PRODUCT_TEXTS.documentUpdated);
    },
    onError: (error) => notify({ title: PRODUCT_TEXTS.updateError, description: error.message, variant: 'destructive' }),
  });
}
