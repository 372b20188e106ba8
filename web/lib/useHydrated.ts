import { startTransition, useEffect, useState } from 'react';

/** Whether React is adopting pre-rendered markup: from an entry's hydrateRoot until the page is live. */
let adopting = false;

/** An entry is about to hydrate pre-rendered markup: components start as the server drew them. */
export const beginHydration = (): void => {
  adopting = true;
};

/** The page is live: components drawn from now on start hydrated. */
export const endHydration = (): void => {
  adopting = false;
};

/**
 * False on the server and while React adopts pre-rendered markup, true from then on. A pre-rendered
 * form stays disabled until then: what someone typed before the scripts ran would be lost.
 * The switch after hydration is a transition, so React redraws the page in slices between the
 * browser's own work (a store-based switch forces one synchronous redraw: a long task).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => typeof window !== 'undefined' && !adopting);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
