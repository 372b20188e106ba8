import { ApiError } from './errors.ts';
import { closestName } from './fuzzy.ts';
import type { Column, DbFunction, Relation, SchemaCache } from './schema.ts';
import { arrayLiteral, q, qualified, type Params } from './sql.ts';

const isJsonType = (t: string) => t === 'json' || t === 'jsonb';

const paramList = (names: string[]) => `(${[...names].sort().join(', ')})`;

/** PGRST202; the hint names the closest function (unknown name) or the closest overload's parameters. */
export function functionNotFound(
  schemaName: string,
  name: string,
  argNames: string[],
  allNames: string[],
  overloads: DbFunction[] = [],
): ApiError {
  const sorted = [...argNames].sort();
  const near = overloads.length
    ? closestName(
        overloads.map((f) => paramList(f.inArgs.map((a) => a.name))),
        paramList(argNames),
      )
    : closestName(allNames, name, 0.75);
  const hint = near === undefined ? null : `Perhaps you meant to call the function ${schemaName}.${overloads.length ? name : ''}${near}`;
  return new ApiError(
    404,
    'PGRST202',
    `Could not find the function ${schemaName}.${name}${sorted.length ? `(${sorted.join(', ')})` : ' without parameters'} in the schema cache`,
    `Searched for the function ${schemaName}.${name}${sorted.length ? ` with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}` : ' without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    hint,
  );
}

export interface ResolvedCall {
  fn: DbFunction;
  /** Pass the whole body as the one json/jsonb argument. */
  singleObject: boolean;
}

/** Overload resolution by named arguments (as PostgREST does). */
export function resolveFunction(candidates: DbFunction[], name: string, argNames: string[], preferSingle: boolean): ResolvedCall {
  const single = candidates.find(
    (f) => f.inArgs.length === 1 && isJsonType(f.inArgs[0]!.type) && (f.inArgs[0]!.name === '' || preferSingle),
  );
  if (preferSingle && single) return { fn: single, singleObject: true };
  const matches = candidates.filter((f) => {
    if (f.inArgs.some((a) => a.name === '')) return false;
    const required = f.inArgs.slice(0, f.inArgs.length - f.nDefaults);
    return argNames.every((n) => f.inArgs.some((a) => a.name === n)) && required.every((a) => argNames.includes(a.name));
  });
  if (matches.length === 1) return { fn: matches[0]!, singleObject: false };
  if (matches.length > 1) {
    const exact = matches.filter((f) => f.inArgs.length === argNames.length);
    if (exact.length === 1) return { fn: exact[0]!, singleObject: false };
    throw new ApiError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${matches.map((f) => `${f.schema}.${name}(${f.inArgs.map((a) => `${a.name} => ${a.type}`).join(', ')})`).join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  if (single && single.inArgs[0]!.name === '') return { fn: single, singleObject: true };
  throw functionNotFound(candidates[0]!.schema, name, argNames, [], candidates);
}

/** Turns a JSON body value into the text Postgres parses for the argument's type. */
function argText(v: unknown, type: string): string | null {
  if (v === null || v === undefined) return null;
  if (isJsonType(type)) return JSON.stringify(v);
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && type.endsWith('[]')) {
    return arrayLiteral(v.map((x) => (x === null ? null : typeof x === 'string' ? x : JSON.stringify(x))));
  }
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** `"schema"."fn"("a" := $1::int, ...)` */
export function callSql(call: ResolvedCall, args: Record<string, unknown>, rawBody: string | null, params: Params): string {
  const { fn } = call;
  if (call.singleObject) {
    return `${qualified(fn)}(${params.add(rawBody ?? JSON.stringify(args))}::${fn.inArgs[0]!.type})`;
  }
  const parts: string[] = [];
  for (const a of fn.inArgs) {
    if (!(a.name in args)) continue;
    parts.push(`${a.mode === 'v' ? 'VARIADIC ' : ''}${q(a.name)} := ${params.add(argText(args[a.name], a.type))}::${a.type}`);
  }
  return `${qualified(fn)}(${parts.join(', ')})`;
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
