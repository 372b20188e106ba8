import type { Database } from '../db/types.ts';
import { ApiError } from './errors.ts';
import { runStatement } from './execute.ts';
import { restResponse, type RestResponse } from './http.ts';
import type { RequestState } from './handler.ts';
import { parseParams, type ParsedParams } from './parse-filters.ts';
import { parseSelect } from './parse-select.ts';
import { countsInserted, deleteCte, insertCte, mutationResult, updateCte, type InsertOptions, type Payload } from './query.ts';
import { readJson } from './request.ts';
import { JSON_HEADERS, singularError } from './response.ts';
import type { Relation, SchemaCache } from './schema.ts';
import { SqlBuilder } from './sql-builder.ts';
import { q } from './sql.ts';

/** POST (insert, upsert), PATCH, PUT and DELETE on a table or view: the payload, the statement and the response. */

export async function handleMutation(db: Database, s: RequestState, schema: SchemaCache, rel: Relation): Promise<RestResponse> {
  const method = s.req.method;
  const parsed = parseParams(s.url.searchParams);
  const select = parseSelect(parsed.select);
  const ret = s.prefer.return ?? 'minimal';
  const representation = ret !== 'minimal';
  const b = new SqlBuilder(schema, parsed, s.aggregates);
  const returning = representation ? `${q(rel.name)}.*` : '1';
  let cte: string;
  let insert: InsertOptions | undefined;
  if (method === 'DELETE') {
    cte = deleteCte(b, rel, returning);
  } else {
    const body = readJson(s.bodyText);
    if (!body) throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
    const payload = toPayload(body, method !== 'POST');
    if (payload.rows.length === 0) {
      const r = emptyMutation(s, representation);
      return { ...r, status: 201 };
    }
    if (method === 'PATCH') {
      const columns = payloadColumns(rel, payload, null);
      if (columns.length === 0) return emptyMutation(s, representation);
      cte = updateCte(b, rel, body.text, columns, returning);
    } else if (method === 'PUT') {
      const columns = payloadColumns(rel, payload, null);
      checkPut(rel, parsed, payload.rows[0]!);
      insert = { rel, payload, columns, missingDefault: false, onConflict: { columns: rel.pk, resolution: 'merge' } };
      cte = insertCte(b, insert, returning);
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
      insert = { rel, payload, columns, missingDefault, onConflict };
      cte = insertCte(b, insert, returning);
    }
  }
  // headers-only reads the whole row back to build the Location from its primary key
  const readBack = ret === 'headers-only' ? parseSelect(null) : select;
  const countInserted = insert !== undefined && countsInserted(insert);
  const plan = mutationResult(b, cte, rel, representation, readBack, s.accept.single, s.accept.stripNulls, countInserted);
  const rollback = s.prefer.tx === 'rollback';
  const max = s.prefer.handling === 'strict' ? s.prefer.maxAffected : undefined;
  const outcome = await runStatement(db, s.req, s.path, s.who, plan.sql, plan.params, {
    readOnly: false,
    rollback,
    // only when something can be rejected: deciding after the statement costs a second round trip
    rejectIf:
      s.accept.single || max !== undefined
        ? (o) => (s.accept.single && o.pageTotal !== 1) || (max !== undefined && o.pageTotal > max)
        : undefined,
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
  // a merging upsert that inserted nothing answers 200 (PUT: only with a representation)
  const merged = countInserted && outcome.inserted === 0;
  const status = method === 'POST' || method === 'PUT' ? (merged ? 200 : 201) : 200;
  if (ret === 'headers-only' && method === 'POST' && outcome.body && rel.pk.length) {
    const first = (JSON.parse(outcome.body) as Record<string, unknown>[])[0];
    if (first) headers.location = `/${rel.name}?${rel.pk.map((c) => `${c}=eq.${encodeURIComponent(String(first[c]))}`).join('&')}`;
  }
  if (ret !== 'representation') {
    delete headers['content-type'];
    return restResponse(null, method === 'POST' ? status : 204, headers);
  }
  return restResponse(outcome.body, status, headers);
}

function emptyMutation(s: RequestState, representation: boolean): RestResponse {
  return representation
    ? restResponse(s.accept.single ? 'null' : '[]', 200, { ...JSON_HEADERS, 'content-range': '*/*' })
    : restResponse(null, 204, { 'content-range': '*/*' });
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
