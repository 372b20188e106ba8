import type { StackConfig } from '../config.ts';

/** A GoTrue allow-list pattern (gobwas glob, separators '.' and '/') as a RegExp. */
export function globToRegExp(pattern: string): RegExp {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*' && pattern[i + 1] === '*') {
      out += '.*';
      i++;
    } else if (c === '*') out += '[^./]*';
    else if (c === '?') out += '[^./]';
    else out += c.replace(/[\\^$.|+()[\]{}]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

/** Is this redirect target allowed (same host as SITE_URL, or matching URI_ALLOW_LIST)? */
export function isRedirectAllowed(config: StackConfig, target: string): boolean {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  try {
    const site = new URL(config.siteUrl);
    if (url.protocol === site.protocol && url.hostname === site.hostname) return true;
  } catch {
    /* a broken SITE_URL matches nothing */
  }
  const bare = `${url.protocol}//${url.host}${url.pathname}`;
  return config.additionalRedirectUrls.some((pattern) => {
    if (pattern === target) return true;
    const re = globToRegExp(pattern);
    return re.test(target) || re.test(bare) || (url.pathname === '/' && re.test(`${url.protocol}//${url.host}`));
  });
}

/** The redirect target to use: the requested one when allowed, otherwise SITE_URL (as GoTrue). */
export function resolveRedirect(config: StackConfig, requested: string | null | undefined): string {
  if (requested && isRedirectAllowed(config, requested)) return requested;
  return config.siteUrl;
}

/** Appends `?query` params to a URL (keeping its own query and fragment order sane). */
export function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

/** Replaces the fragment of a URL with the given params. */
export function withFragment(base: string, params: Record<string, string>): string {
  const hashless = base.split('#')[0]!;
  return `${hashless}#${new URLSearchParams(params).toString()}`;
}
