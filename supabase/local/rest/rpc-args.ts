import { ApiError } from './errors.ts';
import type { DbFunction } from './schema.ts';
import { readJson } from './request.ts';
import { arrayLiteral, q, qualified, type Params } from './sql.ts';

/** How a function call's arguments arrive: the request body's media type (GET: the query string). */
export type ArgMedia = 'query' | 'json' | 'text' | 'xml' | 'bytes' | 'form';

export interface CallArgs {
  media: ArgMedia;
  /** The argument names the call names (resolution is by this set). */
  keys: string[];
  /** Values by name: JSON values (json body), or texts (query string, form body). */
  values: Record<string, unknown>;
  /** The raw body, passed whole to a function's single unnamed parameter. */
  raw: string | Uint8Array | null;
}

const CONTENT_TYPES: Record<string, ArgMedia> = {
  'application/json': 'json',
  'text/plain': 'text',
  'text/xml': 'xml',
  'application/octet-stream': 'bytes',
  'application/x-www-form-urlencoded': 'form',
};

/** Arguments of a POST call, read from the body according to its Content-Type (as PostgREST reads them). */
export function postArgs(contentType: string | null, bodyText: string, bodyBytes: Uint8Array | undefined): CallArgs {
  const mime = (contentType ?? 'application/json').split(';')[0]!.trim().toLowerCase();
  const media = CONTENT_TYPES[mime];
  if (!media) throw new ApiError(400, 'PGRST102', `Content-Type not acceptable: ${mime}`);
  if (media === 'text' || media === 'xml') return { media, keys: [], values: {}, raw: bodyText };
  if (media === 'bytes') return { media, keys: [], values: {}, raw: bodyBytes ?? new TextEncoder().encode(bodyText) };
  if (media === 'form') {
    const values = Object.fromEntries(new URLSearchParams(bodyText));
    return { media, keys: Object.keys(values), values, raw: JSON.stringify(values) };
  }
  const body = readJson(bodyText);
  if (!body) return { media, keys: [], values: {}, raw: '{}' };
  const v = body.value;
  if (Array.isArray(v)) {
    // An array of objects with the same keys names those keys, and (as in PostgREST) the first object is the call's arguments.
    const first: unknown = v[0];
    if (first === undefined) return { media, keys: [], values: {}, raw: body.text };
    if (!isObject(first)) throw new ApiError(400, 'PGRST102', 'All object keys must match');
    const keys = Object.keys(first);
    const same = (o: unknown) => isObject(o) && Object.keys(o).length === keys.length && keys.every((k) => k in o);
    if (!v.every(same)) throw new ApiError(400, 'PGRST102', 'All object keys must match');
    return { media, keys, values: first, raw: body.text };
  }
  if (isObject(v)) return { media, keys: Object.keys(v), values: v, raw: body.text };
  return { media, keys: [], values: {}, raw: body.text };
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

const FILTER_VALUE =
  /^(not\.)?((eq|neq|gt|gte|lt|lte|like|ilike|match|imatch)(\((any|all)\))?|(fts|plfts|phfts|wfts)(\([^)]*\))?|is|isdistinct|in|cs|cd|ov|sl|sr|nxl|nxr|adj)\./;
const RESERVED_TAILS = new Set(['order', 'limit', 'offset', 'and', 'or']);
const RESERVED = new Set(['select', 'columns', 'on_conflict', 'apikey']);

/**
 * Whether a query parameter of a GET call is a function argument: as PostgREST decides it, any
 * parameter whose value carries no filter operator (`a=1` is an argument, `a=eq.1` a filter).
 */
export function isQueryArg(key: string, value: string): boolean {
  if (RESERVED.has(key) || RESERVED_TAILS.has(key.split('.').pop()!)) return false;
  return !FILTER_VALUE.test(value);
}

/** The type an argument is read as: fixed-length types would truncate, so they are read as their varying kin. */
function argType(type: string): string {
  const m = /^(character|bit)(\[\])?$/.exec(type);
  return m ? `${m[1]} varying${m[2] ?? ''}` : type;
}

/** The single unnamed parameter's value: the whole body, as text (bytea as bytes). */
function wholeBody(args: CallArgs, type: string, params: Params): string {
  const raw = args.raw ?? JSON.stringify(args.values);
  if (type === 'bytea') return `${params.add(typeof raw === 'string' ? new TextEncoder().encode(raw) : raw)}::bytea`;
  return `${params.add(typeof raw === 'string' ? raw : new TextDecoder().decode(raw))}::${argType(type)}`;
}

/**
 * A JSON argument is read by json_to_record, as PostgREST reads the body: objects become composite
 * (table-row) values, arrays become Postgres arrays, strings are read with the type's input function.
 */
function jsonArg(name: string, value: unknown, type: string, params: Params): string {
  const p = params.add(JSON.stringify({ [name]: value ?? null }));
  return `(SELECT _a.${q(name)} FROM json_to_record(${p}::json) AS _a(${q(name)} ${argType(type)}))`;
}

/** Arguments of a GET call: every query parameter without a filter operator (repeated ones keep all values). */
export function queryArgs(search: URLSearchParams): CallArgs {
  const values: Record<string, string[]> = {};
  for (const [k, v] of search) if (isQueryArg(k, v)) (values[k] ??= []).push(v);
  return { media: 'query', keys: Object.keys(values), values, raw: null };
}

/**
 * A query-string (or form) argument is text cast to the type. A repeated parameter keeps its last
 * value, except for a variadic one, whose values become the array.
 */
function textArg(value: unknown, type: string, variadic: boolean, params: Params): string {
  const list = Array.isArray(value) ? value.map(String) : [String(value)];
  const text = variadic && !(list.length === 1 && /^\{.*\}$/s.test(list[0]!)) ? arrayLiteral(list) : list[list.length - 1]!;
  return `${params.add(text)}::${argType(type)}`;
}

/** `"schema"."fn"("a" := …, …)`: only the arguments the call names; the rest take their defaults. */
export function callSql(fn: DbFunction, args: CallArgs, params: Params): string {
  const only = fn.inArgs.length === 1 ? fn.inArgs[0]! : undefined;
  if (only && only.name === '') return `${qualified(fn)}(${wholeBody(args, only.type, params)})`;
  const parts: string[] = [];
  for (const a of fn.inArgs) {
    if (!args.keys.includes(a.name)) continue;
    const v = args.values[a.name];
    const value = args.media === 'json' ? jsonArg(a.name, v, a.type, params) : textArg(v, a.type, a.mode === 'v', params);
    parts.push(`${a.mode === 'v' ? 'VARIADIC ' : ''}${q(a.name)} := ${value}`);
  }
  return `${qualified(fn)}(${parts.join(', ')})`;
}
