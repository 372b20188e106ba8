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
