import { useEffect, useState } from 'react';
import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dismissGettingStarted, markExtensionConnected, visitDashboard, type GettingStarted } from '@/shared/data/gettingStarted.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { pingExtension } from '@/web/lib/extensionBridge.ts';
import { supabase } from '@/web/lib/supabase.ts';

/** The first-run checklist as the database has it; each read records a dashboard visit. */
export const gettingStartedQuery = () =>
  queryOptions({ queryKey: queryKeys.gettingStarted.all, queryFn: async () => unwrap(await visitDashboard(supabase)) });

const dismissMutation = (userId: string) =>
  mutationOptions({ mutationFn: async () => unwrap(await dismissGettingStarted(supabase, userId)) });

export interface GettingStartedState {
  /** null until the first answer; then whether this account had opened the dashboard before this visit. */
  returning: boolean | null;
  /** The checklist to show, or null (loading, dismissed, or every step done). */
  steps: GettingStarted | null;
  dismiss: () => void;
  dismissing: boolean;
}

const allDone = (s: GettingStarted) => s.hasKey && s.extensionConnected && s.hasPrompt && s.hasKnowledge;

/**
 * The dashboard's greeting and checklist. The greeting keeps this visit's first answer (later reads
 * of the same visit would say "returning"). The extension step also ticks when the extension
 * answers on this page; that is stored, so it stays ticked in other browsers.
 */
export function useGettingStarted(userId: string): GettingStartedState {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const query = useQuery({ ...gettingStartedQuery(), enabled: Boolean(userId) });
  const [returning, setReturning] = useState<boolean | null>(null);
  const data = query.data;
  useEffect(() => {
    if (data && returning === null) setReturning(data.returning);
  }, [data, returning]);

  const needsExtension = Boolean(data && !data.dismissed && !data.extensionConnected);
  useEffect(() => {
    if (!needsExtension) return;
    let cancelled = false;
    void pingExtension(window).then(async (found) => {
      if (!found || cancelled) return;
      const marked = await markExtensionConnected(supabase, userId);
      if (!marked.error && !cancelled)
        queryClient.setQueryData(gettingStartedQuery().queryKey, (s) => s && { ...s, extensionConnected: true });
    });
    return () => {
      cancelled = true;
    };
  }, [needsExtension, userId, queryClient]);

  const dismiss = useMutation({
    ...dismissMutation(userId),
    onSuccess: () => queryClient.setQueryData(gettingStartedQuery().queryKey, (s) => s && { ...s, dismissed: true }),
    onError: (error) => notify({ title: 'Could not hide the checklist', description: error.message, variant: 'destructive' }),
  });

  return {
    returning,
    steps: data && !data.dismissed && !allDone(data) ? data : null,
    dismiss: () => dismiss.mutate(),
    dismissing: dismiss.isPending,
  };
}
