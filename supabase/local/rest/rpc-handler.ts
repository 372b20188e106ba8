import type { Database } from '../db/types.ts';
import { ApiError } from './errors.ts';
import { runStatement } from './execute.ts';
import type { RequestState } from './handler.ts';
import { parseParams } from './parse-filters.ts';
import { parseSelect } from './parse-select.ts';
import { buildRead } from './query.ts';
import { readJson, requestedRange } from './request.ts';
import { countQuery, exactCountLimit, reportedTotal } from './planned-count.ts';
import { capRange, JSON_HEADERS, MAX_ROWS, readResponse, singularError } from './response.ts';
import { callSql, functionNotFound, resolveFunction, returnShape } from './rpc.ts';
import type { SchemaStore } from './schema.ts';
import { SqlBuilder } from './sql-builder.ts';

export async function handleRpc(db: Database, store: SchemaStore, s: RequestState, name: string): Promise<Response> {
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
  const argNamesAll = new Set((candidates ?? []).flatMap((f) => f.inArgs.map((a) => a.name)));
  const parsed = parseParams(s.url.searchParams, isGet ? (k) => argNamesAll.has(k) : () => false);
  let args: Record<string, unknown> = {};
  let rawBody: string | null = null;
  if (isGet) {
    args = Object.fromEntries(parsed.extra);
  } else {
    const body = readJson(s.bodyText);
    if (body) {
      rawBody = body.text;
      if (body.value !== null && typeof body.value === 'object' && !Array.isArray(body.value)) args = body.value as Record<string, unknown>;
      else if (s.prefer.params !== 'single-object')
        throw new ApiError(400, 'PGRST102', 'Empty or invalid json', 'Function arguments must be a JSON object');
    }
  }
  if (!candidates) throw functionNotFound(schema.name, name, Object.keys(args), [...schema.functions.keys()]);
  const preferSingle = s.prefer.params === 'single-object';
  const call = resolveFunction(candidates, name, Object.keys(args), preferSingle);
  if (preferSingle) s.applied.push('params=single-object');
  const b = new SqlBuilder(schema, parsed);
  const fromSql = callSql(call, args, rawBody, b.params);
  const shape = returnShape(schema, call.fn);
  const readOnly = isGet || call.fn.volatility !== 'v';
  const rollback = s.prefer.tx === 'rollback';
  const count = s.prefer.count !== undefined;
  if (count) s.applied.push(`count=${s.prefer.count}`);
  if (rollback) s.applied.push('tx=rollback');
  const run = (sql: string, params: unknown[]) =>
    runStatement(db, s.req, s.path, s.who, sql, params, { readOnly, rollback, explain: s.plan?.explain });

  if (shape.kind === 'void') {
    await run(`SELECT NULL::bigint AS total, 1 AS page_total, NULL::text AS body FROM (SELECT ${fromSql}) _`, b.params.values);
    return new Response(null, { status: 204, headers: s.applied.length ? { 'preference-applied': s.applied.join(', ') } : {} });
  }
  if (shape.kind === 'scalar') {
    const o = await run(`SELECT NULL::bigint AS total, 1 AS page_total, to_json(${fromSql})::text AS body`, b.params.values);
    return new Response(o.body ?? 'null', {
      status: 200,
      headers: { ...JSON_HEADERS, ...(s.applied.length ? { 'preference-applied': s.applied.join(', ') } : {}) },
    });
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
    csv: s.accept.csv,
    range,
    topLevel: true,
  });
  const estimate = (s.prefer.count === 'planned' || s.prefer.count === 'estimated') && plan.countSql !== undefined;
  const o = await runStatement(db, s.req, s.path, s.who, plan.sql, plan.params, {
    readOnly,
    rollback,
    explain: s.plan?.explain,
    plannedCount: estimate ? countQuery(plan.countSql!, plan.params) : undefined,
  });
  if (estimate) o.total = reportedTotal(s.prefer.count, o.total, o.planned, MAX_ROWS);
  if (!shape.set && !s.accept.single) {
    if (o.pageTotal > 1) throw singularError(o.pageTotal);
    return new Response(o.body ?? 'null', { status: 200, headers: JSON_HEADERS });
  }
  return minimal(s, readResponse(s, o, range.offset, count));
}

/** `Prefer: return=minimal` on a function call (postgrest-js sends it for HEAD-like calls with object arguments): headers only. */
function minimal(s: RequestState, res: Response): Response {
  if (s.prefer.return !== 'minimal' || s.req.method !== 'POST') return res;
  const headers = new Headers(res.headers);
  headers.delete('content-type');
  return new Response(null, { status: 204, headers });
}
