import type { Database } from '../db/types.ts';
import { ApiError } from './errors.ts';
import { runStatement, type Outcome } from './execute.ts';
import { restResponse, type RestResponse } from './http.ts';
import type { RequestState } from './handler.ts';
import { parseParams } from './parse-filters.ts';
import { parseSelect } from './parse-select.ts';
import { buildRead } from './query.ts';
import { readJson, requestedRange } from './request.ts';
import { countQuery, exactCountLimit, reportedTotal } from './planned-count.ts';
import { capRange, MAX_ROWS, readResponse, singularError } from './response.ts';
import { callSql, isQueryArg, postArgs, queryArgs, type CallArgs } from './rpc-args.ts';
import { functionNotFound, isCallable, resolveFunction, returnShape, singleObjectFunction } from './rpc.ts';
import type { DbFunction, SchemaStore } from './schema.ts';
import { SqlBuilder } from './sql-builder.ts';
import { qualified, type Params } from './sql.ts';

export async function handleRpc(db: Database, store: SchemaStore, s: RequestState, name: string): Promise<RestResponse> {
  const method = s.req.method;
  if (!['GET', 'HEAD', 'POST'].includes(method))
    throw new ApiError(405, 'PGRST101', 'Only GET, HEAD and POST requests are allowed for functions');
  let schema = await store.get();
  let candidates = schema.functions.get(name);
  if (!candidates) {
    schema = (await store.refreshFor(`fn:${name}`, s.started)) ?? schema;
    candidates = schema.functions.get(name);
  }
  const isGet = method === 'GET' || method === 'HEAD';
  const parsed = parseParams(s.url.searchParams, isGet ? isQueryArg : () => false);
  // The legacy `Prefer: params=single-object`: a one-json-parameter function gets the whole body.
  const singleObject = !isGet && s.prefer.params === 'single-object' ? candidates && singleObjectFunction(candidates) : undefined;
  if (singleObject) s.applied.push('params=single-object');
  const callableNames = () => [...schema.functions].filter(([, fns]) => fns.some(isCallable)).map(([n]) => n);
  let fn: DbFunction;
  let args: CallArgs | undefined;
  if (singleObject) fn = singleObject;
  else {
    args = isGet ? queryArgs(s.url.searchParams) : postArgs(s.req.headers.get('content-type'), s.bodyText, s.bodyBytes);
    if (!candidates) throw functionNotFound(schema.name, name, args, callableNames());
    fn = resolveFunction(candidates, name, args, callableNames());
  }
  const maxAffected = s.prefer.handling === 'strict' ? s.prefer.maxAffected : undefined;
  if (maxAffected !== undefined && !fn.retSet) throw maxAffectedOnSingle();
  // only with max-affected: deciding after the statement costs a second round trip
  const rejectOverMax = maxAffected !== undefined ? (r: Outcome) => r.pageTotal > maxAffected : undefined;
  const b = new SqlBuilder(schema, parsed, s.aggregates);
  const fromSql = args ? callSql(fn, args, b.params) : singleObjectSql(fn, s.bodyText, b.params);
  const shape = returnShape(schema, fn);
  const readOnly = isGet || fn.volatility !== 'v';
  const rollback = s.prefer.tx === 'rollback';
  const count = s.prefer.count !== undefined;
  if (count) s.applied.push(`count=${s.prefer.count}`);
  if (rollback) s.applied.push('tx=rollback');
  if (s.prefer.handling) s.applied.push(`handling=${s.prefer.handling}`);
  if (maxAffected !== undefined) s.applied.push(`max-affected=${maxAffected}`);
  const run = async (sql: string, params: unknown[]) => {
    const o = await runStatement(db, s.req, s.path, s.who, sql, params, {
      readOnly,
      rollback,
      rejectIf: rejectOverMax,
    });
    if (maxAffected !== undefined && o.pageTotal > maxAffected) throw maxAffectedExceeded(o.pageTotal);
    return o;
  };
  const applied = (): Record<string, string> => (s.applied.length ? { 'preference-applied': s.applied.join(', ') } : {});

  if (shape.kind === 'void') {
    await run(`SELECT NULL::bigint AS total, 1 AS page_total, NULL::text AS body FROM (SELECT ${fromSql}) _`, b.params.values);
    return restResponse(null, 204, { 'content-range': `0-0/${count ? 1 : '*'}`, ...applied() });
  }
  if (shape.kind === 'scalar') {
    const total = count ? '1::bigint' : 'NULL::bigint';
    const o = await run(`SELECT ${total} AS total, 1 AS page_total, to_json(${fromSql})::text AS body`, b.params.values);
    return readResponse(s, { ...o, body: o.body ?? 'null' }, 0, count);
  }
  const range = capRange(requestedRange(s.req.headers.get('range'), parsed.limit.get(''), parsed.offset.get('')));
  if (shape.kind === 'scalarSet') {
    const limit = b.limitOffset('', undefined, range);
    const total = count ? `(SELECT count(*) FROM ${fromSql})` : 'NULL::bigint';
    const body = s.accept.single ? `(json_agg(_t.v)->0)` : `coalesce(json_agg(_t.v), '[]'::json)`;
    const o = await run(
      `SELECT ${total} AS total, count(*) AS page_total, ${body}::text AS body FROM (SELECT v FROM ${fromSql} AS _f(v)${limit}) _t`,
      b.params.values,
    );
    return minimal(s, readResponse(s, o, range.offset, count));
  }
  const select = parseSelect(parsed.select);
  const single = s.accept.single || !shape.set;
  const plan = buildRead(b, {
    rel: shape.rel,
    fromSql,
    alias: name,
    select,
    ...exactCountLimit(s.prefer.count, MAX_ROWS),
    single,
    stripNulls: s.accept.stripNulls,
    range,
    topLevel: true,
  });
  const estimate = (s.prefer.count === 'planned' || s.prefer.count === 'estimated') && plan.countSql !== undefined;
  const o = await runStatement(db, s.req, s.path, s.who, plan.sql, plan.params, {
    readOnly,
    rollback,
    plannedCount: estimate ? countQuery(plan.countSql!, plan.params) : undefined,
    rejectIf: rejectOverMax,
  });
  if (maxAffected !== undefined && o.pageTotal > maxAffected) throw maxAffectedExceeded(o.pageTotal);
  if (estimate) o.total = reportedTotal(s.prefer.count, o.total, o.planned, MAX_ROWS);
  if (!shape.set && !s.accept.single) {
    if (o.pageTotal > 1) throw singularError(o.pageTotal);
    return readResponse(s, { ...o, body: o.body ?? 'null' }, 0, count);
  }
  return minimal(s, readResponse(s, o, range.offset, count));
}

/** `Prefer: return=minimal` on a function call (postgrest-js sends it for HEAD-like calls with object arguments): headers only. */
function minimal(s: RequestState, res: RestResponse): RestResponse {
  if (s.prefer.return !== 'minimal' || s.req.method !== 'POST') return res;
  const headers = { ...res.headers };
  delete headers['content-type'];
  return restResponse(null, 204, headers);
}

function maxAffectedOnSingle(): ApiError {
  return new ApiError(400, 'PGRST128', 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict');
}

function maxAffectedExceeded(n: number): ApiError {
  return new ApiError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${n} rows`);
}

/** The legacy `params=single-object` call: the whole JSON body as the one json/jsonb argument. */
function singleObjectSql(fn: DbFunction, bodyText: string, params: Params): string {
  const body = bodyText.trim() === '' ? '{}' : (readJson(bodyText)?.text ?? '{}');
  return `${qualified(fn)}(${params.add(body)}::${fn.inArgs[0]!.type})`;
}
