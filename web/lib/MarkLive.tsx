import { useEffect, type ReactNode } from 'react';
import { endHydration, useHydrated } from './useHydrated.ts';

/*
 * A pre-rendered page's controls take pointer input only once #root is marked live (the build's
 * INERT_UNTIL_LIVE style): before that a click would be lost or be the browser's own page load.
 */

/** A page drawn from scratch: live once committed. */
export function MarkLive({ container, children }: { container: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    endHydration();
    container.dataset.live = '';
  }, [container]);
  return children;
}

/**
 * A hydrated page: live after the render in which the page's own controls turn on (useHydrated).
 * Placed inside the layout's Suspense boundary with the page, because React hydrates that boundary
 * after the rest: marked from the root, the page's buttons would still be disabled.
 */
export function LiveOnceHydrated() {
  const hydrated = useHydrated();
  useEffect(() => {
    if (!hydrated) return;
    endHydration();
    document.getElementById('root')?.setAttribute('data-live', '');
  }, [hydrated]);
  return null;
}
