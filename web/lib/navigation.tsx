import { createContext, forwardRef, useContext, useEffect, useMemo, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/**
 * Links and navigation for the pages both entries draw (the public pages, the support contact).
 * The public entry provides it from its own small history, the full app from React Router
 * (RouterNavigation in web/routes): so a public page never imports the router, and the first visit
 * does not download it.
 */

export interface PageLocation {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
}

export type To = string | { pathname?: string; search?: string; hash?: string };

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface Navigation {
  location: PageLocation;
  navigate: (to: To, options?: NavigateOptions) => Promise<void>;
}

const NavigationContext = createContext<Navigation | null>(null);

export const NavigationProvider = NavigationContext.Provider;

function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('A page link was drawn outside a NavigationProvider');
  return navigation;
}

export const useLocation = (): PageLocation => useNavigation().location;

export const useNavigate = (): Navigation['navigate'] => useNavigation().navigate;

/** The address's query, and a setter that navigates to the same page with another one. */
export function useSearchParams(): [URLSearchParams, (params: URLSearchParams, options?: NavigateOptions) => void] {
  const { location, navigate } = useNavigation();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = (next: URLSearchParams, options?: NavigateOptions) => {
    const search = next.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, options);
  };
  return [params, setParams];
}

/** The address a `To` stands for, resolved against the current page (as an `<a href>` would be). */
export function hrefOf(to: To, from: PageLocation): string {
  if (typeof to === 'string') return to;
  return `${to.pathname ?? from.pathname}${to.search ?? ''}${to.hash ?? ''}`;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: To; replace?: boolean; state?: unknown };

/** An `<a>` that navigates in the page on a plain click; new tabs, downloads and modified clicks stay the browser's. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, replace, state, onClick, target, ...rest }, ref) {
  const { location, navigate } = useNavigation();
  const href = hrefOf(to, location);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const plain = event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
    if (event.defaultPrevented || !plain || (target && target !== '_self') || rest.download !== undefined) return;
    event.preventDefault();
    void navigate(to, { replace, state });
  };
  return <a {...rest} ref={ref} href={href} target={target} onClick={handleClick} />;
});

/** Navigates once drawn (a redirect). */
export function Navigate({ to, replace = false }: { to: To; replace?: boolean }) {
  const { location, navigate } = useNavigation();
  const href = hrefOf(to, location);
  useEffect(() => {
    void navigate(href, { replace });
  }, [href, navigate, replace]);
  return null;
}
