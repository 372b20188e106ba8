import { useEffect } from 'react';
import { extItems, isFreshPendingRun, type PendingRun } from '@/extension/lib/items.ts';

/**
 * Runs queued for the panel by the popup ("run in side panel") or the context menu: taken once
 * (the item is cleared), whether the panel was already open or opens for it. Stale ones are dropped.
 */
export function usePendingRun(enabled: boolean, onRun: (run: PendingRun) => void): void {
  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    const take = async (run: PendingRun | null) => {
      if (!alive || !run) return;
      await extItems.pendingRun.removeValue();
      if (alive && isFreshPendingRun(run, new Date())) onRun(run);
    };
    void extItems.pendingRun.getValue().then(take);
    const unwatch = extItems.pendingRun.watch((run) => void take(run));
    return () => {
      alive = false;
      unwatch();
    };
  }, [enabled, onRun]);
}
