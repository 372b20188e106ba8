import { useCallback, useEffect, useRef, useState } from 'react';
import { emptyWorkspace, parseWorkspace, workspaceStorageKey, type OfferWorkspace } from '@/shared/core/offers/draft.ts';
import { useNotify } from '@/shared/ui/notices.tsx';

/** How long typing may go on before the working copy is written (it is also written when the page hides). */
const WRITE_DELAY_MS = 300;

function read(userId: string): OfferWorkspace {
  try {
    return parseWorkspace(window.localStorage.getItem(workspaceStorageKey(userId))) ?? emptyWorkspace();
  } catch {
    return emptyWorkspace();
  }
}

/**
 * The offer builder's working copy for one user, kept in localStorage so a reload or a closed tab
 * loses nothing. `current` always holds the latest copy (async work reads it); `update` changes it.
 * Another tab's write of the copy is taken over unless this tab has a write of its own pending
 * (`onAdopted` then hears of it), so a Generate All running there shows its results here.
 */
export function useStoredWorkspace(userId: string, onAdopted?: (previous: OfferWorkspace, next: OfferWorkspace) => void) {
  const notify = useNotify();
  const [workspace, setWorkspace] = useState<OfferWorkspace>(() => read(userId));
  const current = useRef(workspace);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const warned = useRef(false);

  const write = useCallback(() => {
    if (pending.current) clearTimeout(pending.current);
    pending.current = null;
    try {
      window.localStorage.setItem(workspaceStorageKey(userId), JSON.stringify(current.current));
    } catch {
      // Full or blocked storage: the page still works, but say once that a reload would lose the draft.
      if (!warned.current) {
        warned.current = true;
        notify({
          title: 'Draft not kept',
          description: 'This browser would not store your draft. Save the offer to keep it.',
          variant: 'destructive',
        });
      }
    }
  }, [userId, notify]);

  const update = useCallback(
    (change: (workspace: OfferWorkspace) => OfferWorkspace) => {
      const next = change(current.current);
      if (next === current.current) return;
      current.current = next;
      setWorkspace(next);
      if (pending.current) clearTimeout(pending.current);
      pending.current = setTimeout(write, WRITE_DELAY_MS);
    },
    [write],
  );

  useEffect(() => {
    const flush = () => pending.current && write();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [write]);

  const adoptedListener = useRef(onAdopted);
  adoptedListener.current = onAdopted;
  useEffect(() => {
    const key = workspaceStorageKey(userId);
    const adopt = (event: StorageEvent) => {
      if (event.key !== key || event.newValue === null || pending.current) return;
      const next = parseWorkspace(event.newValue);
      if (!next) return;
      const previous = current.current;
      current.current = next;
      setWorkspace(next);
      adoptedListener.current?.(previous, next);
    };
    window.addEventListener('storage', adopt);
    return () => window.removeEventListener('storage', adopt);
  }, [userId]);

  return { workspace, current, update };
}
