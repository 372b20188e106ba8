import type { Database, Queryable } from '../db/types.ts';
import { isPgError } from '../db/types.ts';
import type { RequestIdentity } from './auth.ts';
import { ApiError } from './errors.ts';
import type { RestRequest } from './http.ts';

const SET_CONFIG =
  "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.method', $3, true), set_config('request.path', $4, true), set_config('request.headers', $5, true)";

export interface Outcome {
  total: number | null;
  pageTotal: number;
  body: string | null;
  /** Rows an upsert inserted (rather than merged), when the statement reports it. */
  inserted: number | null;
  /** The planner's row estimate of `RunOptions.plannedCount`. */
  planned?: number | null;
}

class Rollback {
  constructor(readonly value: unknown) {}
}

export interface RunOptions {
  readOnly: boolean;
  /** Roll back after the statement (Prefer: tx=rollback). */
  rollback: boolean;
  /** Roll back when the result is not acceptable (e.g. object requested, ≠ 1 row); the outcome is still returned. */
  rejectIf?: (o: Outcome) => boolean;
  /** A count query to EXPLAIN after the statement, in the same transaction (Prefer: count=planned|estimated). */
  plannedCount?: { sql: string; params: unknown[] };
}

function headersJson(req: RestRequest): string {
  const h: Record<string, string> = {};
  req.headers.forEach((v, k) => {
    h[k] = v;
  });
  return JSON.stringify(h);
}

/** Roles the authenticator may switch to (PostgREST connects as authenticator; we connect as a superuser). */
/** Role settings applied per request (the ones PostgREST users rely on; custom "x.y" settings too). */
const ROLE_SETTINGS =
  /^(statement_timeout|lock_timeout|idle_in_transaction_session_timeout|search_path|work_mem|plan_cache_mode|default_transaction_isolation|timezone|TimeZone|[a-z_]+\.[a-z_.]+)$/;

interface RoleInfo {
  /** The settings statement for this role: the request settings plus the role's own (ALTER ROLE … SET). */
  sql: string;
  extra: string[];
}
const rolesByDb = new WeakMap<Database, Map<string, RoleInfo>>();

/**
 * Checks once per role that the authenticator may switch to it, and loads its settings
 * (e.g. statement_timeout), which SET ROLE alone does not apply but PostgREST does.
 */
async function roleInfo(db: Database, role: string): Promise<RoleInfo> {
  let roles = rolesByDb.get(db);
  if (!roles) rolesByDb.set(db, (roles = new Map()));
  const known = roles.get(role);
  if (known) return known;
  const { rows } = await db.query<{ exists: boolean; member: boolean; settings: string | null }>(
    `select exists (select 1 from pg_roles where rolname = $1) as exists,
            coalesce((select pg_has_role('authenticator', oid, 'MEMBER') from pg_roles where rolname = $1), false) as member,
            (select json_agg(c)::text from pg_db_role_setting s, unnest(s.setconfig) c
              where s.setrole = (select oid from pg_roles where rolname = $1)
                and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))) as settings`,
    [role],
  );
  const r = rows[0]!;
  if (!r.exists) throw new ApiError(401, '22023', `role "${role}" does not exist`, null, null, { 'www-authenticate': 'Bearer' });
  if (!r.member) throw new ApiError(403, '42501', `permission denied to set role "${role}"`);
  const extra: string[] = [];
  let sql = SET_CONFIG;
  for (const entry of r.settings ? (JSON.parse(r.settings) as string[]) : []) {
    const eq = entry.indexOf('=');
    if (eq <= 0 || !ROLE_SETTINGS.test(entry.slice(0, eq))) continue;
    extra.push(entry.slice(0, eq), entry.slice(eq + 1));
    sql += `, set_config($${5 + extra.length - 1}, $${5 + extra.length}, true)`;
  }
  const info = { sql, extra };
  roles.set(role, info);
  return info;
}

/** Names for prepared statements, by SQL text (a connection parses each once); past the cap statements go unnamed. */
const statementNames = new Map<string, string>();
const MAX_PREPARED = 1000;
function statementName(sql: string): string | undefined {
  let name = statementNames.get(sql);
  if (name === undefined && statementNames.size < MAX_PREPARED) statementNames.set(sql, (name = `pgrst_${statementNames.size + 1}`));
  return name;
}

interface StatementRow {
  total: string | number | null;
  page_total: string | number;
  body: string | null;
  inserted?: string | number | null;
}

function toOutcome(row: StatementRow | undefined): Outcome {
  return row
    ? {
        total: row.total === null ? null : Number(row.total),
        pageTotal: Number(row.page_total),
        body: row.body,
        inserted: row.inserted == null ? null : Number(row.inserted),
      }
    : { total: null, pageTotal: 0, body: null, inserted: null };
}

/** A role the settings statement could not switch to answers 401, as PostgREST does. */
function settingsError(error: unknown): unknown {
  if (isPgError(error) && error.code === '22023' && error.message.startsWith('role "')) {
    return new ApiError(401, '22023', error.message, error.detail ?? null, error.hint ?? null, { 'www-authenticate': 'Bearer' });
  }
  return error;
}

/**
 * Runs one statement as the request's role, in one transaction, after the request settings (one statement).
 * The common case is one batch: settings and statement in one round trip, in the implicit transaction of a single Sync.
 */
export async function runStatement(
  db: Database,
  req: RestRequest,
  path: string,
  who: RequestIdentity,
  sql: string,
  params: unknown[],
  opts: RunOptions,
): Promise<Outcome> {
  const role = await roleInfo(db, who.role);
  const settings = [who.role, who.claimsText, req.method, path, headersJson(req), ...role.extra];
  if (opts.plannedCount) return runInSteps(db, role, settings, sql, params, opts);
  const rejectIf = opts.rejectIf;
  // Read-only joins the settings statement rather than costing PGlite a statement of its own.
  const settingsSql = opts.readOnly ? `${role.sql}, set_config('transaction_read_only', 'on', true)` : role.sql;
  try {
    const results = await db.batch(
      [
        { sql: settingsSql, params: settings, name: statementName(settingsSql) },
        { sql, params, name: statementName(sql) },
      ],
      {
        rollback: opts.rollback,
        rollbackIf: rejectIf && ((r) => rejectIf(toOutcome(r[1]?.rows[0] as StatementRow | undefined))),
      },
    );
    return toOutcome(results[1]?.rows[0] as StatementRow | undefined);
  } catch (error) {
    throw settingsError(error);
  }
}

/** Planned counts: the statement, then the count query's EXPLAIN, one after another in one transaction. */
async function runInSteps(
  db: Database,
  role: RoleInfo,
  settings: unknown[],
  sql: string,
  params: unknown[],
  opts: RunOptions,
): Promise<Outcome> {
  let outcome: Outcome;
  try {
    outcome = await db.transaction(
      async (tx: Queryable) => {
        try {
          await tx.query(role.sql, settings);
        } catch (error) {
          throw settingsError(error);
        }
        const { rows } = await tx.query<StatementRow>(sql, params);
        const outcome = toOutcome(rows[0]);
        if (opts.plannedCount) {
          const plan = await tx.query<Record<string, unknown>>(`EXPLAIN (FORMAT JSON) ${opts.plannedCount.sql}`, opts.plannedCount.params);
          const json = plan.rows[0]?.['QUERY PLAN'];
          const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan?: { 'Plan Rows'?: number } }[] | undefined;
          outcome.planned = parsed?.[0]?.Plan?.['Plan Rows'] ?? null;
        }
        if (opts.rollback || opts.rejectIf?.(outcome)) throw new Rollback(outcome);
        return outcome;
      },
      { readOnly: opts.readOnly },
    );
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
    outcome = error.value as Outcome;
  }
  return outcome;
}
