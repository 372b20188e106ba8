import type { ServiceHandler, StackContext } from '../context.ts';
import { Authenticator, type RequestIdentity } from './auth.ts';
import { ApiError, tableNotFound, toErrorResponse } from './errors.ts';
import { runStatement, type Outcome } from './execute.ts';
import { parseParams, type ParsedParams } from './parse-filters.ts';
import { parseSelect } from './parse-select.ts';
import { buildRead, deleteCte, insertCte, mutationResult, updateCte, type Payload } from './query.ts';
import { handleRpc } from './rpc-handler.ts';
import { checkProfile, jsonToCsv, parseAccept, parsePrefer, readJson, requestedRange, type Accept, type Preferences } from './request.ts';
import { SchemaStore, type Relation, type SchemaCache } from './schema.ts';
import { q, SqlBuilder } from './sql-builder.ts';

export interface RestHandler extends ServiceHandler {
  reloadSchema(): Promise<void>;
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

/** PostgREST's db-max-rows; `supabase start` sets it to 1000. PGRST_DB_MAX_ROWS overrides (0 = unlimited). */
const MAX_ROWS = Number(process.env.PGRST_DB_MAX_ROWS ?? 1000);

/** Caps a requested range at db-max-rows. */
export function capRange(range: { offset: number; limit?: number }): { offset: number; limit?: number } {
  if (!MAX_ROWS) return range;
  return { offset: range.offset, limit: range.limit === undefined ? MAX_ROWS : Math.min(range.limit, MAX_ROWS) };
}

export interface RequestState {
  req: Request;
  path: string;
  url: URL;
  who: RequestIdentity;
  prefer: Preferences;
  accept: Accept;
  applied: string[];
  /** performance.now() when the request arrived (schema reloads started later are fresh enough). */
  started: number;
  /** The request body, read once (requests may be retried after a schema reload). */
  bodyText: string;
}

/** Errors that may come from a stale schema cache: reload and retry once (at most one reload per second). */
const STALE_SCHEMA_CODES = new Set(['42703', 'PGRST200', 'PGRST202', 'PGRST204', '42P01', '42883']);

export function createHandler(ctx: StackContext): RestHandler {
  const store = new SchemaStore(ctx.db);
  const auth = new Authenticator(() => ctx.config.jwtSecret);

  async function relation(name: string, since: number): Promise<{ schema: SchemaCache; rel: Relation }> {
    let schema = await store.get();
    let rel = schema.relations.get(name);
    if (!rel || rel.kind === 'c') {
      schema = (await store.refreshFor(`table:${name}`, since)) ?? schema;
      rel = schema.relations.get(name);
      if (!rel || rel.kind === 'c') throw tableNotFound(name);
    }
    return { schema, rel };
  }

  const handler = (async (req: Request, path: string): Promise<Response> => {
    let anonymous = true;
    const started = performance.now();
    try {
      const who = await auth.identify(req);
      anonymous = who.anonymous;
      checkProfile(req);
      const url = new URL(req.url);
      const prefer = parsePrefer(req.headers.get('prefer'));
      const accept = parseAccept(req.headers.get('accept'));
      const bodyText = req.method === 'GET' || req.method === 'HEAD' ? '' : await req.text();
      const state: RequestState = { req, path, url, who, prefer, accept, applied: [], bodyText, started };
      try {
        return await dispatch(state);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (typeof code !== 'string' || !STALE_SCHEMA_CODES.has(code)) throw error;
        if (!(await store.refreshFor(`error:${code}:${(error as Error).message}`, started))) throw error;
        return await dispatch({ ...state, applied: [] });
      }
    } catch (error) {
      return toErrorResponse(error, anonymous);
    }
  }) as RestHandler;

  async function dispatch(state: RequestState): Promise<Response> {
    const { req, path } = state;
    if (path === '/' || path === '') {
      return new Response(JSON.stringify({ swagger: '2.0', info: { title: 'PostgREST-compatible local API', version: '12' }, paths: {} }), {
        headers: JSON_HEADERS,
      });
    }
    const rpc = /^\/rpc\/([^/]+)\/?$/.exec(path);
    if (rpc) return await handleRpc(ctx.db, store, state, decodeSegment(rpc[1]!));
    const m = /^\/([^/]+)\/?$/.exec(path);
    if (!m) throw new ApiError(404, 'PGRST125', 'Invalid path specified in request URL');
    const { schema, rel } = await relation(decodeSegment(m[1]!), state.started);
    switch (req.method) {
      case 'GET':
      case 'HEAD':
        return await read(state, schema, rel);
      case 'POST':
      case 'PATCH':
      case 'PUT':
      case 'DELETE':
        return await mutate(state, schema, rel);
      default:
        throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`);
    }
  }

  async function read(s: RequestState, schema: SchemaCache, rel: Relation): Promise<Response> {
    const parsed = parseParams(s.url.searchParams);
    const select = parseSelect(parsed.select);
    const range = capRange(requestedRange(s.req.headers.get('range'), parsed.limit.get(''), parsed.offset.get('')));
    const count = s.prefer.count !== undefined;
    const b = new SqlBuilder(schema, parsed);
    const plan = buildRead(b, {
      rel,
      fromSql: `"public".${q(rel.name)}`,
      alias: rel.name,
      select,
      count,
      single: s.accept.single,
      stripNulls: s.accept.stripNulls,
      range,
      topLevel: true,
    });
    const outcome = await runStatement(ctx.db, s.req, s.path, s.who, plan.sql, plan.params, { readOnly: true, rollback: false });
    if (count) s.applied.push(`count=${s.prefer.count}`);
    return readResponse(s, outcome, range.offset, count);
  }

  async function mutate(s: RequestState, schema: SchemaCache, rel: Relation): Promise<Response> {
    const method = s.req.method;
    const parsed = parseParams(s.url.searchParams);
    const select = parseSelect(parsed.select);
    const ret = s.prefer.return ?? 'minimal';
    const representation = ret !== 'minimal';
    const b = new SqlBuilder(schema, parsed);
    const returning = representation ? `${q(rel.name)}.*` : '1';
    let cte: string;
    if (method === 'DELETE') {
      cte = deleteCte(b, rel, returning);
    } else {
      const body = readJson(s.bodyText);
      if (!body) throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
      const payload = toPayload(body, method !== 'POST');
      if (payload.rows.length === 0) {
        const r = emptyMutation(s, representation);
        return new Response(r.body, { status: 201, headers: r.headers });
      }
      if (method === 'PATCH') {
        const columns = payloadColumns(rel, payload, null);
        if (columns.length === 0) return emptyMutation(s, representation);
        cte = updateCte(b, rel, body.text, columns, returning);
      } else if (method === 'PUT') {
        const columns = payloadColumns(rel, payload, null);
        checkPut(rel, parsed, payload.rows[0]!);
        cte = insertCte(
          b,
          { rel, payload, columns, missingDefault: false, onConflict: { columns: rel.pk, resolution: 'merge' } },
          returning,
        );
      } else {
        const columns = payloadColumns(rel, payload, parsed.columns);
        let onConflict: { columns: string[]; resolution: 'merge' | 'ignore' } | undefined;
        if (s.prefer.resolution) {
          const cols = parsed.onConflict ? parsed.onConflict.split(',').map((c) => c.trim().replace(/^"|"$/g, '')) : rel.pk;
          for (const c of cols) if (!rel.columns.has(c)) throw new ApiError(400, '42703', `column ${rel.name}.${c} does not exist`);
          if (cols.length === 0)
            throw new ApiError(400, 'PGRST100', `Upsert on ${rel.name} needs on_conflict columns (the table has no primary key)`);
          onConflict = { columns: cols, resolution: s.prefer.resolution === 'merge-duplicates' ? 'merge' : 'ignore' };
          s.applied.push(`resolution=${s.prefer.resolution}`);
        }
        const missingDefault = s.prefer.missing === 'default';
        if (missingDefault) s.applied.push('missing=default');
        cte = insertCte(b, { rel, payload, columns, missingDefault, onConflict }, returning);
      }
    }
    // headers-only reads the whole row back to build the Location from its primary key
    const readBack = ret === 'headers-only' ? parseSelect(null) : select;
    const plan = mutationResult(b, cte, rel, representation, readBack, s.accept.single, s.accept.stripNulls);
    const rollback = s.prefer.tx === 'rollback';
    const max = s.prefer.handling === 'strict' ? s.prefer.maxAffected : undefined;
    const outcome = await runStatement(ctx.db, s.req, s.path, s.who, plan.sql, plan.params, {
      readOnly: false,
      rollback,
      rejectIf: (o) => (s.accept.single && o.pageTotal !== 1) || (max !== undefined && o.pageTotal > max),
    });
    if (max !== undefined && outcome.pageTotal > max) {
      throw new ApiError(
        400,
        'PGRST124',
        'Query result exceeds max-affected preference constraint',
        `The query affects ${outcome.pageTotal} rows`,
      );
    }
    if (max !== undefined) s.applied.push('handling=strict', `max-affected=${max}`);
    if (rollback) s.applied.push('tx=rollback');
    s.applied.push(`return=${ret}`);
    if (s.prefer.count) s.applied.push(`count=${s.prefer.count}`);
    if (s.accept.single && outcome.pageTotal !== 1) throw singularError(outcome.pageTotal);
    const headers: Record<string, string> = { ...JSON_HEADERS };
    const n = outcome.pageTotal;
    const total = s.prefer.count ? String(n) : '*';
    headers['content-range'] = representation && n > 0 ? `0-${n - 1}/${total}` : `*/${total}`;
    headers['preference-applied'] = s.applied.join(', ');
    const status = method === 'POST' ? 201 : ret === 'representation' ? 200 : 204;
    if (ret === 'headers-only' && method === 'POST' && outcome.body && rel.pk.length) {
      const first = (JSON.parse(outcome.body) as Record<string, unknown>[])[0];
      if (first) headers.location = `/${rel.name}?${rel.pk.map((c) => `${c}=eq.${encodeURIComponent(String(first[c]))}`).join('&')}`;
    }
    if (ret !== 'representation') {
      delete headers['content-type'];
      return new Response(null, { status: ret === 'headers-only' ? status : method === 'POST' ? 201 : 204, headers });
    }
    return new Response(outcome.body, { status, headers });
  }

  function emptyMutation(s: RequestState, representation: boolean): Response {
    return representation
      ? new Response(s.accept.single ? 'null' : '[]', { status: 200, headers: { ...JSON_HEADERS, 'content-range': '*/*' } })
      : new Response(null, { status: 204, headers: { 'content-range': '*/*' } });
  }

  handler.reloadSchema = async () => {
    await store.reload();
  };
  return handler;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new ApiError(404, 'PGRST125', 'Invalid path specified in request URL');
  }
}

export function singularError(n: number): ApiError {
  return new ApiError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${n} rows`);
}

/** GET/HEAD response: Content-Range, 206/416 as PostgREST decides them. */
export function readResponse(s: RequestState, o: Outcome, offset: number, count: boolean): Response {
  if (s.accept.single && o.pageTotal !== 1) throw singularError(o.pageTotal);
  const total = o.total;
  const headers: Record<string, string> = { ...JSON_HEADERS };
  const upper = offset + o.pageTotal - 1;
  headers['content-range'] = o.pageTotal === 0 ? `*/${total ?? '*'}` : `${offset}-${upper}/${total ?? '*'}`;
  if (s.applied.length) headers['preference-applied'] = s.applied.join(', ');
  let status = 200;
  if (s.accept.csv) headers['content-type'] = 'text/csv; charset=utf-8';
  if (count && total !== null) {
    if (offset > total) {
      throw new ApiError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        `An offset of ${offset} was requested, but there are only ${total} rows.`,
        null,
        { 'content-range': `*/${total}` },
      );
    }
    if (o.pageTotal < total) status = 206;
  }
  return new Response(s.accept.csv ? jsonToCsv(o.body) : o.body, { status, headers });
}

function toPayload(body: { text: string; value: unknown }, objectOnly: boolean): Payload {
  const v = body.value;
  if (Array.isArray(v)) {
    if (objectOnly) throw new ApiError(400, 'PGRST102', 'Empty or invalid json', 'Expected a JSON object');
    if (!v.every((r) => r !== null && typeof r === 'object' && !Array.isArray(r)))
      throw new ApiError(400, 'PGRST102', 'Empty or invalid json', 'Expected an array of objects');
    return { text: body.text, rows: v as Record<string, unknown>[], isArray: true };
  }
  if (v === null || typeof v !== 'object') throw new ApiError(400, 'PGRST102', 'Empty or invalid json', 'Expected a JSON object or array');
  return { text: body.text, rows: [v as Record<string, unknown>], isArray: false };
}

/** Columns to write: `columns=` (validated) or the union of the payload's keys; unknown keys → PGRST204. */
function payloadColumns(rel: Relation, payload: Payload, columnsParam: string | null): string[] {
  let cols: string[];
  if (columnsParam !== null) {
    cols = columnsParam
      .split(',')
      .map((c) => c.trim().replace(/^"(.*)"$/, '$1'))
      .filter(Boolean);
  } else {
    const set = new Set<string>();
    for (const r of payload.rows) for (const k of Object.keys(r)) set.add(k);
    cols = [...set];
  }
  for (const c of cols) {
    if (!rel.columns.has(c)) throw new ApiError(400, 'PGRST204', `Could not find the '${c}' column of '${rel.name}' in the schema cache`);
  }
  return cols;
}

function checkPut(rel: Relation, parsed: ParsedParams, row: Record<string, unknown>): void {
  const top = parsed.filters.get('') ?? [];
  const eqs = new Map<string, string>();
  for (const f of top)
    if (f.kind === 'cond' && f.op === 'eq' && !f.negate && !f.field.path.length) eqs.set(f.field.name, f.value as string);
  if (rel.pk.length === 0 || top.length !== rel.pk.length || !rel.pk.every((c) => eqs.has(c))) {
    throw new ApiError(405, 'PGRST105', "Filters must include all and only primary key columns with 'eq' operators");
  }
  if (!rel.pk.every((c) => c in row && String(row[c]) === eqs.get(c))) {
    throw new ApiError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)');
  }
}
