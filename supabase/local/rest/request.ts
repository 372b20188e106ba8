import { ApiError } from './errors.ts';
import type { RestRequest } from './http.ts';

export interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  tx?: 'commit' | 'rollback';
  params?: 'single-object';
  handling?: 'strict' | 'lenient';
  maxAffected?: number;
}

const ALLOWED: Record<string, string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  tx: ['commit', 'rollback'],
  params: ['single-object'],
  handling: ['strict', 'lenient'],
};

export function parsePrefer(header: string | null): Preferences {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const token of header.split(',')) {
    const [k, v] = token
      .trim()
      .split('=')
      .map((s) => s.trim());
    if (k === 'max-affected' && v && /^\d+$/.test(v)) out.maxAffected = v;
    else if (k && v && ALLOWED[k]?.includes(v)) out[k] = v;
  }
  const prefs = out as unknown as Preferences & { maxAffected?: number | string };
  if (prefs.maxAffected !== undefined) prefs.maxAffected = Number(prefs.maxAffected);
  return prefs as Preferences;
}

export interface Accept {
  single: boolean;
  stripNulls: boolean;
}

/**
 * Media types PostgREST serves as JSON; object+json asks for a single object. Anything else (text/csv
 * included: the app asks for none) is 406 PGRST107.
 */
export function parseAccept(header: string | null): Accept {
  if (!header) return { single: false, stripNulls: false };
  let ok = false;
  let single = false;
  let stripNulls = false;
  for (const part of header.split(',')) {
    const [type, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!type) continue;
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') {
      single = true;
      ok = true;
      stripNulls = params.includes('nulls=stripped');
      break;
    }
    if (['application/json', '*/*', 'application/*', 'application/vnd.pgrst.array+json', 'application/vnd.pgrst.array'].includes(type)) {
      ok = true;
      stripNulls = params.includes('nulls=stripped');
      break;
    }
  }
  if (!ok) throw new ApiError(406, 'PGRST107', `None of these media types are available: ${header}`);
  return { single, stripNulls };
}

/** Range header (`0-9`, `items=0-9`) intersected with limit/offset parameters. */
export function requestedRange(
  header: string | null,
  limit: number | undefined,
  offset: number | undefined,
): { offset: number; limit?: number } {
  let lower = offset ?? 0;
  let upper = limit === undefined ? Infinity : lower + limit - 1;
  if (header) {
    const m = /^(?:items=)?\s*(\d+)-(\d*)\s*$/.exec(header.trim());
    if (m) {
      const a = Number(m[1]);
      const b = m[2] === '' ? Infinity : Number(m[2]);
      if (b < a)
        throw new ApiError(
          416,
          'PGRST103',
          'Requested range not satisfiable',
          'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
        );
      lower = Math.max(lower, a);
      upper = Math.min(upper, b);
    }
  }
  if (limit === 0) return { offset: lower, limit: 0 };
  return { offset: lower, limit: upper === Infinity ? undefined : Math.max(0, upper - lower + 1) };
}

/**
 * The schema a request addresses: Accept-Profile (GET/HEAD) or Content-Profile (writes, RPC POST), else the
 * first exposed one. `negotiated` when several schemas are exposed (responses then name it in Content-Profile).
 */
export function requestSchema(req: RestRequest, schemas: string[]): { schema: string; negotiated: boolean } {
  const isRead = req.method === 'GET' || req.method === 'HEAD';
  const profile = req.headers.get(isRead ? 'accept-profile' : 'content-profile');
  if (profile === null) return { schema: schemas[0] ?? 'public', negotiated: schemas.length > 1 };
  if (!schemas.includes(profile)) {
    throw new ApiError(
      406,
      'PGRST106',
      `Invalid schema: ${profile}`,
      null,
      `Only the following schemas are exposed: ${schemas.join(', ')}`,
    );
  }
  return { schema: profile, negotiated: true };
}

/** How deep a JSON body may nest. Deeper input overflows recursive code (ours, the database's). */
const MAX_JSON_DEPTH = 512;

/** Whether the JSON text nests deeper than `max`: one pass over the characters, strings skipped. */
function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* backslash */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

/** JSON request body: PGRST102 when it is not valid JSON or nests too deep. */
export function readJson(text: string): { text: string; value: unknown } | null {
  if (text.trim() === '') return null;
  if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new ApiError(400, 'PGRST102', 'Empty or invalid json', `JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
  try {
    return { text, value: JSON.parse(text) };
  } catch {
    throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
  }
}
