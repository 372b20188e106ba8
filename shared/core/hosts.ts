/**
 * Host-prefix apps (spec §2.1): a marketplace host shows the marketplace app, a feedback host the
 * feedback app; every other host the main dashboard. Pure.
 */
export type HostApp = 'main' | 'marketplace' | 'feedback';

export interface HostPrefixes {
  marketplace: string;
  feedback: string;
}

export const DEFAULT_HOST_PREFIXES: HostPrefixes = { marketplace: 'marketplace.', feedback: 'feedback.' };

/** Which app a host name serves; prefixes match case-insensitively at the start of the name. */
export function hostAppFor(hostname: string, prefixes: HostPrefixes = DEFAULT_HOST_PREFIXES): HostApp {
  const host = hostname.toLowerCase();
  const starts = (prefix: string) => prefix.trim() !== '' && host.startsWith(prefix.trim().toLowerCase());
  if (starts(prefixes.marketplace)) return 'marketplace';
  if (starts(prefixes.feedback)) return 'feedback';
  return 'main';
}

/**
 * The main site of a prefixed host: `VITE_MAIN_SITE_URL` when set, otherwise the current origin
 * with the prefix removed from the start of the host name (feedback.example.com → example.com),
 * keeping scheme and port. Returned without a trailing slash.
 */
export function mainSiteOrigin(currentOrigin: string, prefix: string, configuredMainSite?: string | null): string {
  const configured = configuredMainSite?.trim();
  if (configured) return configured.replace(/\/+$/, '');
  const url = new URL(currentOrigin);
  const cut = prefix.trim().toLowerCase();
  const host = url.hostname.toLowerCase();
  if (cut && host.startsWith(cut) && host.length > cut.length) url.hostname = host.slice(cut.length);
  return url.origin;
}

/** Where a signed-out visitor of the feedback host signs in: the main site's /auth (spec §2.1). */
export function mainSiteLoginUrl(currentOrigin: string, prefix: string, configuredMainSite?: string | null): string {
  return `${mainSiteOrigin(currentOrigin, prefix, configuredMainSite)}/auth`;
}
