import type { StackContext } from '../context.ts';
import { Authenticator, type RequestIdentity } from './auth.ts';
import { ApiError, tableNotFound, toErrorResponse } from './errors.ts';
import { runStatement } from './execute.ts';
import { refusePlanRequest } from './explain.ts';
import { restResponse, type RestRequest, type RestResponse } from './http.ts';
import { handleMutation } from './mutation.ts';
import { parseParams } from './parse-filters.ts';
import { parseSelect } from './parse-select.ts';
import { PlanCache } from './plan-cache.ts';
import { fillTemplate, readShape, templateOf, type PlanTemplate, type ReadShape } from './read-shape.ts';
import { buildRead, type Plan } from './query.ts';
import { countQuery, exactCountLimit, reportedTotal } from './planned-count.ts';
import { capRange, JSON_HEADERS, MAX_ROWS, readResponse } from './response.ts';
import { handleRpc } from './rpc-handler.ts';
import { parseAccept, requestSchema, parsePrefer, requestedRange, type Accept, type Preferences } from './request.ts';
import { SchemaStore, type Relation, type SchemaCache } from './schema.ts';
import { SqlBuilder } from './sql-builder.ts';
import { qualified } from './sql.ts';

export interface RestHandler {
  (req: RestRequest, path: string): Promise<RestResponse>;
  reloadSchema(): Promise<void>;
}

export interface RequestState {
  req: RestRequest;
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
  /** The request body as bytes when it is binary (application/octet-stream). */
  bodyBytes?: Uint8Array;
  /** Aggregate functions allowed in `select` (the stack's restAggregates setting). */
  aggregates: boolean;
}

/** Errors that may come from a stale schema cache: reload and retry once (at most one reload per second). */
const STALE_SCHEMA_CODES = new Set(['42703', 'PGRST200', 'PGRST202', 'PGRST204', '42P01', '42883']);

/** Read plans kept per schema snapshot (a library page's folders and filters fit easily). */
const READ_PLANS_PER_SCHEMA = 1000;

interface ReadPlan extends Plan {
  range: { offset: number; limit?: number };
}

export function createHandler(ctx: StackContext): RestHandler {
  const stores = new Map<string, SchemaStore>();
  /** One lazily loaded schema cache per exposed schema. */
  const storeFor = (name: string) => {
    let store = stores.get(name);
    if (!store) stores.set(name, (store = new SchemaStore(ctx.db, name)));
    return store;
  };
  const auth = new Authenticator(() => ctx.config);
  /** Templates by query-string shape; null for a shape no template serves. Plans by exact query string (slots: []). */
  const readPlans = new PlanCache<PlanTemplate<ReadPlan> | null>(READ_PLANS_PER_SCHEMA);

  async function relation(store: SchemaStore, name: string, since: number): Promise<{ schema: SchemaCache; rel: Relation }> {
    let schema = await store.get();
    let rel = schema.relations.get(name);
    if (!rel || rel.kind === 'c') {
      schema = (await store.refreshFor(`table:${name}`, since)) ?? schema;
      rel = schema.relations.get(name);
      if (!rel || rel.kind === 'c')
        throw tableNotFound(
          schema.name,
          name,
          [...schema.relations.values()].filter((r) => r.kind !== 'c').map((r) => r.name),
        );
    }
    return { schema, rel };
  }

  const handler = (async (req: RestRequest, path: string): Promise<RestResponse> => {
    let anonymous = true;
    const started = performance.now();
    try {
      const who = await auth.identify(req);
      anonymous = who.anonymous;
      const profile = requestSchema(req, ctx.config.restSchemas);
      const url = new URL(req.url);
      const prefer = parsePrefer(req.headers.get('prefer'));
      refusePlanRequest(req.headers.get('accept'));
      const accept = parseAccept(req.headers.get('accept'));
      // Binary bodies (a function's single bytea parameter) are kept as bytes.
      const binary = req.method === 'POST' && /^application\/octet-stream\b/i.test(req.headers.get('content-type') ?? '');
      const bodyBytes = binary ? new Uint8Array(await req.arrayBuffer()) : undefined;
      const bodyText = req.method === 'GET' || req.method === 'HEAD' || binary ? '' : await req.text();
      const aggregates = ctx.config.restAggregates;
      const state: RequestState = { req, path, url, who, prefer, accept, applied: [], bodyText, bodyBytes, started, aggregates };
      const store = storeFor(profile.schema);
      const answer = (s: RequestState) => dispatch(s, store);
      let res: RestResponse;
      try {
        res = await answer(state);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (typeof code !== 'string' || !STALE_SCHEMA_CODES.has(code)) throw error;
        if (!(await store.refreshFor(`error:${code}:${(error as Error).message}`, started))) throw error;
        res = await answer({ ...state, applied: [] });
      }
      if (profile.negotiated && 'content-type' in res.headers) res.headers['content-profile'] = profile.schema;
      return res;
    } catch (error) {
      return toErrorResponse(error, anonymous);
    }
  }) as RestHandler;

  async function dispatch(state: RequestState, store: SchemaStore): Promise<RestResponse> {
    const { req, path } = state;
    if (path === '/' || path === '') {
      const root = { swagger: '2.0', info: { title: 'PostgREST-compatible local API', version: '12' }, paths: {} };
      return restResponse(JSON.stringify(root), 200, { ...JSON_HEADERS });
    }
    const rpc = /^\/rpc\/([^/]+)\/?$/.exec(path);
    if (rpc) return await handleRpc(ctx.db, store, state, decodeSegment(rpc[1]!));
    const m = /^\/([^/]+)\/?$/.exec(path);
    if (!m) throw new ApiError(404, 'PGRST125', 'Invalid path specified in request URL');
    const { schema, rel } = await relation(store, decodeSegment(m[1]!), state.started);
    switch (req.method) {
      case 'GET':
      case 'HEAD':
        return await read(state, schema, rel);
      case 'POST':
      case 'PATCH':
      case 'PUT':
      case 'DELETE':
        return await handleMutation(ctx.db, state, schema, rel);
      default:
        throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`);
    }
  }

  /**
   * Everything the read's SQL depends on besides the schema and the query string: with `query` (the query string's
   * shape, or the query string itself) the same key always builds the same statement.
   */
  function readKey(s: RequestState, rel: Relation, query: string): string {
    const { single, stripNulls } = s.accept;
    const flags = `${single ? 's' : ''}${stripNulls ? 'n' : ''}${s.aggregates ? 'a' : ''}`;
    // NUL separates the parts: no identifier or header value contains it, and the query string comes last.
    return [s.req.method, rel.name, flags, s.prefer.count ?? '', s.req.headers.get('range') ?? '', query].join('\0');
  }

  function buildReadPlan(s: RequestState, schema: SchemaCache, rel: Relation, search: URLSearchParams): ReadPlan {
    const parsed = parseParams(search);
    const select = parseSelect(parsed.select);
    const range = capRange(requestedRange(s.req.headers.get('range'), parsed.limit.get(''), parsed.offset.get('')));
    const b = new SqlBuilder(schema, parsed, s.aggregates);
    const plan = buildRead(b, {
      rel,
      fromSql: qualified(rel),
      alias: rel.name,
      select,
      ...exactCountLimit(s.prefer.count, MAX_ROWS),
      single: s.accept.single,
      stripNulls: s.accept.stripNulls,
      range,
      topLevel: true,
    });
    return { ...plan, range };
  }

  /** The read's plan, from the cache by the query string's shape (or, where no template serves, by the query string). */
  function readPlan(s: RequestState, schema: SchemaCache, rel: Relation): ReadPlan {
    const shape = readShape(s.url.searchParams);
    const shapeKey = readKey(s, rel, `shape:${shape.key}`);
    let template = readPlans.get(schema, shapeKey);
    if (template === undefined) {
      template = shape.values.length
        ? templateFor(s, schema, rel, shape)
        : { plan: buildReadPlan(s, schema, rel, s.url.searchParams), slots: [] };
      readPlans.set(schema, shapeKey, template);
    }
    if (template) return fillTemplate(template, shape.values);
    const exactKey = readKey(s, rel, `exact:${s.url.search}`);
    let exact = readPlans.get(schema, exactKey);
    if (!exact) readPlans.set(schema, exactKey, (exact = { plan: buildReadPlan(s, schema, rel, s.url.searchParams), slots: [] }));
    return exact.plan;
  }

  /** A plan built with placeholders for the comparison values, or null when they did not all become parameters. */
  function templateFor(s: RequestState, schema: SchemaCache, rel: Relation, shape: ReadShape): PlanTemplate<ReadPlan> | null {
    try {
      return templateOf(buildReadPlan(s, schema, rel, shape.withPlaceholders()), shape);
    } catch {
      // Refused with placeholders: the real values are built (and refused, with their own message) as they are.
      return null;
    }
  }

  async function read(s: RequestState, schema: SchemaCache, rel: Relation): Promise<RestResponse> {
    const plan = readPlan(s, schema, rel);
    const { range } = plan;
    const count = s.prefer.count !== undefined;
    const estimate = (s.prefer.count === 'planned' || s.prefer.count === 'estimated') && plan.countSql !== undefined;
    const outcome = await runStatement(ctx.db, s.req, s.path, s.who, plan.sql, plan.params, {
      readOnly: true,
      rollback: false,
      plannedCount: estimate ? countQuery(plan.countSql!, plan.params) : undefined,
    });
    if (estimate) outcome.total = reportedTotal(s.prefer.count, outcome.total, outcome.planned, MAX_ROWS);
    if (count) s.applied.push(`count=${s.prefer.count}`);
    return readResponse(s, outcome, range.offset, count);
  }

  handler.reloadSchema = async () => {
    await Promise.all([...stores.values()].map((store) => store.reload()));
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
