import { useLayoutEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The page this tab showed before the current one (pathname and query), so a page's back link can
 * lead where the user came from rather than to one fixed page. Kept by the router's root
 * (useNotePage); null on the first page of the tab.
 */
let current: string | null = null;
let previous: string | null = null;

/** Records each page as it is shown (the full app's root route calls it). */
export function useNotePage(): void {
  const { pathname, search } = useLocation();
  useLayoutEffect(() => {
    const here = `${pathname}${search}`;
    // A new query on the same page (a filter, a tab) is still the same page.
    if (current !== null && current.split('?')[0] === pathname) {
      current = here;
      return;
    }
    previous = current;
    current = here;
  }, [pathname, search]);
}

/** Where the user came from to this page, as it was when the page opened. */
export function useCameFrom(): string | null {
  const [from] = useState(() => previous);
  return from;
}
