import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { GettingStarted } from '@/shared/data/gettingStarted.ts';
import { pingExtension } from '@/web/lib/extensionBridge.ts';
import { gettingStartedQueries, useDismissGettingStartedMutation, useExtensionConnectedMutation } from '@/web/queries/gettingStarted.ts';

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
  const query = useQuery({ ...gettingStartedQueries.checklist(), enabled: Boolean(userId) });
  const { mutateAsync: markConnected } = useExtensionConnectedMutation(userId);
  const dismiss = useDismissGettingStartedMutation(userId);
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
      if (found && !cancelled) await markConnected().catch(() => undefined);
    });
    return () => {
      cancelled = true;
    };
  }, [needsExtension, markConnected]);

  return {
    returning,
    steps: data && !data.dismissed && !allDone(data) ? data : null,
    dismiss: () => dismiss.mutate(),
    dismissing: dismiss.isPending,
  };
}
