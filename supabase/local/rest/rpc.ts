import { ApiError } from './errors.ts';
import { closestName } from './fuzzy.ts';
import type { Column, DbFunction, Relation, SchemaCache } from './schema.ts';
import type { ArgMedia, CallArgs } from './rpc-args.ts';

const paramList = (names: string[]) => `(${[...names].sort().join(', ')})`;

/** What the body's media type lets a single unnamed parameter be (PostgREST's "single unnamed param" calls). */
const SINGLE_TYPES: Partial<Record<ArgMedia, string[]>> = { json: ['json', 'jsonb'], text: ['text'], xml: ['xml'], bytes: ['bytea'] };
const RAW_MEDIA: ArgMedia[] = ['text', 'xml', 'bytes'];
const NOT_FOUND_DETAIL: Partial<Record<ArgMedia, string>> = { text: 'text', xml: 'xml', bytes: 'bytea' };

/** PGRST202; the hint names the closest function (unknown name) or the closest overload's parameters. */
export function functionNotFound(
  schemaName: string,
  name: string,
  args: Pick<CallArgs, 'keys' | 'media'>,
  allNames: string[],
  overloads: DbFunction[] = [],
): ApiError {
  const sorted = [...args.keys].sort();
  const raw = RAW_MEDIA.includes(args.media);
  const params = sorted.length ? ` with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}` : ' without parameters';
  const single = NOT_FOUND_DETAIL[args.media];
  const searched = single
    ? ` with a single unnamed ${single} parameter`
    : args.media === 'json'
      ? `${params} or with a single unnamed json/jsonb parameter`
      : params;
  let hint: string | null = null;
  if (!raw) {
    const near = overloads.length
      ? closestName(
          overloads.map((f) => paramList(f.inArgs.map((a) => a.name))),
          paramList(args.keys),
        )
      : closestName(allNames, name, 0.75);
    if (near !== undefined) hint = `Perhaps you meant to call the function ${schemaName}.${overloads.length ? name : ''}${near}`;
  }
  return new ApiError(
    404,
    'PGRST202',
    `Could not find the function ${schemaName}.${name}${raw ? '' : sorted.length ? `(${sorted.join(', ')})` : ' without parameters'} in the schema cache`,
    `Searched for the function ${schemaName}.${name}${searched}, but no matches were found in the schema cache.`,
    hint,
  );
}

/**
 * Whether PostgREST can call the function at all: it lists a function whose input parameters are all
 * unnamed only when it has none or one of a type a request body can be passed as whole.
 */
export function isCallable(fn: DbFunction): boolean {
  if (fn.retType === 'trigger') return false;
  if (fn.inArgs.length === 0 || fn.args.some((a) => a.name !== '')) return true;
  return fn.inArgs.length === 1 && ['bytea', 'json', 'jsonb', 'text', 'xml'].includes(fn.inArgs[0]!.type);
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** PostgREST's order of overloads: fewer parameters first, then by parameter names and types. */
function overloadOrder(a: DbFunction, b: DbFunction): number {
  if (a.inArgs.length !== b.inArgs.length) return a.inArgs.length - b.inArgs.length;
  for (let i = 0; i < a.inArgs.length; i++) {
    const x = a.inArgs[i]!;
    const y = b.inArgs[i]!;
    const c = cmp(x.name, y.name) || cmp(x.type, y.type) || cmp(argReq(a, i), argReq(b, i));
    if (c) return c;
  }
  return 0;
}
const argReq = (f: DbFunction, i: number) => (i < f.inArgs.length - f.nDefaults ? '1' : '0');

/** The names a call must give (parameters without defaults) and may give (with defaults). */
function matchesKeys(fn: DbFunction, keys: Set<string>, media: ArgMedia): boolean {
  if (fn.inArgs.length === 0) return keys.size === 0 && !RAW_MEDIA.includes(media);
  const required = fn.inArgs.slice(0, fn.inArgs.length - fn.nDefaults).map((a) => a.name);
  const optional = new Set(fn.inArgs.slice(fn.inArgs.length - fn.nDefaults).map((a) => a.name));
  const rest = [...keys].filter((k) => !optional.has(k));
  return rest.length === new Set(required).size && required.every((r) => keys.has(r));
}

/** A function with one unnamed parameter of a type the body's media type can be passed as (POST only). */
function takesWholeBody(fn: DbFunction, media: ArgMedia): boolean {
  if (fn.inArgs.length !== 1 || fn.inArgs[0]!.name !== '') return false;
  return SINGLE_TYPES[media]?.includes(fn.inArgs[0]!.type) ?? false;
}

/**
 * Overload resolution as PostgREST does it: the functions whose parameter names fit the call's
 * argument names; if none, the one taking the whole body; several → 300 PGRST203.
 */
export function resolveFunction(candidates: DbFunction[], name: string, args: CallArgs, allNames: string[]): DbFunction {
  const callable = candidates.filter(isCallable).sort(overloadOrder);
  const keys = new Set(args.keys);
  const named = callable.filter((f) => matchesKeys(f, keys, args.media));
  const whole = args.media === 'query' ? [] : callable.filter((f) => !named.includes(f) && takesWholeBody(f, args.media));
  const found = named.length ? named : whole;
  if (found.length === 1) return found[0]!;
  if (found.length > 1) {
    throw new ApiError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${found.map((f) => `${f.schema}.${name}(${f.inArgs.map((a) => `${a.name} => ${a.type}`).join(', ')})`).join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  throw functionNotFound(candidates[0]?.schema ?? 'public', name, args, allNames, callable);
}

/** The legacy `Prefer: params=single-object`: a function with one json/jsonb parameter gets the whole body. */
export function singleObjectFunction(candidates: DbFunction[]): DbFunction | undefined {
  return candidates.find((f) => f.inArgs.length === 1 && (f.inArgs[0]!.type === 'json' || f.inArgs[0]!.type === 'jsonb'));
}

export type ReturnShape = { kind: 'void' } | { kind: 'scalar' } | { kind: 'scalarSet' } | { kind: 'rows'; rel: Relation; set: boolean };

export function returnShape(schema: SchemaCache, fn: DbFunction): ReturnShape {
  if (fn.retType === 'void') return { kind: 'void' };
  if (fn.retRel) {
    const rel = schema.relations.get(fn.retRel);
    if (rel) return { kind: 'rows', rel, set: fn.retSet };
  }
  if (fn.retType === 'record' && fn.outColumns.length) {
    const columnList: Column[] = fn.outColumns.map((c) => ({
      name: c.name,
      type: c.type,
      notNull: false,
      default: null,
      generated: false,
    }));
    const rel: Relation = {
      schema: fn.schema,
      name: fn.name,
      kind: 'c',
      columns: new Map(columnList.map((c) => [c.name, c])),
      columnList,
      pk: [],
      uniques: [],
    };
    return { kind: 'rows', rel, set: fn.retSet };
  }
  return fn.retSet ? { kind: 'scalarSet' } : { kind: 'scalar' };
}
