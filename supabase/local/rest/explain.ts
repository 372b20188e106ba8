import { ApiError } from './errors.ts';

/**
 * `Accept: application/vnd.pgrst.plan[+text|+json]; for="…"; options=…` asks for the request's EXPLAIN.
 * Refused as on hosted Supabase, where db-plan-enabled is off; the app asks for no plans.
 */

const OPTIONS = ['analyze', 'verbose', 'settings', 'buffers', 'wal'];

/** Media type parameters with their quotes removed, names lowercased. */
function mediaParams(parts: string[]): Map<string, string> {
  const params = new Map<string, string>();
  for (const p of parts) {
    const eq = p.indexOf('=');
    if (eq > 0)
      params.set(
        p.slice(0, eq).trim().toLowerCase(),
        p
          .slice(eq + 1)
          .trim()
          .replace(/^"(.*)"$/, '$1'),
      );
  }
  return params;
}

/** The `for` media type as PostgREST names it back (object → object+json, array → json). */
function canonicalFor(type: string): string {
  const [base = '', ...rest] = type.split(';').map((s) => s.trim().toLowerCase());
  const stripped = mediaParams(rest).get('nulls') === 'stripped';
  if (base === 'application/vnd.pgrst.object' || base === 'application/vnd.pgrst.object+json')
    return `application/vnd.pgrst.object+json${stripped ? ';nulls=stripped' : ''}`;
  if (base === 'application/vnd.pgrst.array' || base === 'application/vnd.pgrst.array+json')
    return stripped ? 'application/vnd.pgrst.array+json;nulls=stripped' : 'application/json';
  return base;
}

/** Splits an Accept header on commas outside quotes. */
function acceptParts(header: string): string[] {
  return header.match(/(?:[^,"]|"[^"]*")+/g)?.map((s) => s.trim()) ?? [];
}

function planMediaType(part: string): { format: 'text' | 'json'; forType: string; options: string[] } | null {
  const [type = '', ...rest] = part.split(/;(?=(?:[^"]|"[^"]*")*$)/).map((s) => s.trim());
  const format = {
    'application/vnd.pgrst.plan': 'text',
    'application/vnd.pgrst.plan+text': 'text',
    'application/vnd.pgrst.plan+json': 'json',
  }[type.toLowerCase()] as 'text' | 'json' | undefined;
  if (!format) return null;
  const params = mediaParams(rest);
  const asked = (params.get('options') ?? '').split('|');
  return { format, forType: canonicalFor(params.get('for') ?? 'application/json'), options: OPTIONS.filter((o) => asked.includes(o)) };
}

const toMime = (p: { format: string; forType: string; options: string[] }) =>
  `application/vnd.pgrst.plan+${p.format}; for="${p.forType}"${p.options.length ? `; options=${p.options.join('|')}` : ''}`;

/** 406 PGRST107 when the first accepted media type is a plan, listing the types as PostgREST names them. */
export function refusePlanRequest(accept: string | null): void {
  if (!accept) return;
  const parts = acceptParts(accept);
  if (!parts[0] || !planMediaType(parts[0])) return;
  const listed = parts.map((p) => {
    const other = planMediaType(p);
    return other ? toMime(other) : p;
  });
  throw new ApiError(406, 'PGRST107', `None of these media types are available: ${listed.join(', ')}`);
}
