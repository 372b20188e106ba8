import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { dismissGettingStarted, markExtensionConnected, visitDashboard } from '@/shared/data/gettingStarted.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';

/** The first-run checklist as the database has it; each read records a dashboard visit. */
export const gettingStartedQueries = {
  checklist: () => queryOptions({ queryKey: queryKeys.gettingStarted.all, queryFn: async () => unwrap(await visitDashboard(supabase)) }),
};

/** Hides the checklist for good. */
export function useDismissGettingStartedMutation(userId: string) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async () => unwrap(await dismissGettingStarted(supabase, userId)),
    onSuccess: () => queryClient.setQueryData(gettingStartedQueries.checklist().queryKey, (s) => s && { ...s, dismissed: true }),
    onError: (error) => notify({ title: 'Could not hide the checklist', description: error.message, variant: 'destructive' }),
  });
}

/** Records that the extension answered on the dashboard (so the step stays ticked in other browsers); no notice either way. */
export function useExtensionConnectedMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await markExtensionConnected(supabase, userId)),
    onSuccess: () => queryClient.setQueryData(gettingStartedQueries.checklist().queryKey, (s) => s && { ...s, extensionConnected: true }),
  });
}
