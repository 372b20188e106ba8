import type { Database, Queryable } from '../db/types.ts';
import { isPgError } from '../db/types.ts';
import type { RequestIdentity } from './auth.ts';
import { ApiError } from './errors.ts';

const SET_CONFIG =
  "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.method', $3, true), set_config('request.path', $4, true), set_config('request.headers', $5, true)";

export interface Outcome {
  total: number | null;
  pageTotal: number;
  body: string | null;
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
}

function headersJson(req: Request): string {
  const h: Record<string, string> = {};
  req.headers.forEach((v, k) => {
    h[k] = v;
  });
  return JSON.stringify(h);
}

/** Roles the authenticator may switch to (PostgREST connects as authenticator; we connect as a superuser). */
const switchableByDb = new WeakMap<Database, Set<string>>();

async function checkRole(db: Database, role: string): Promise<void> {
  let switchable = switchableByDb.get(db);
  if (!switchable) switchableByDb.set(db, (switchable = new Set()));
  if (switchable.has(role)) return;
  const { rows } = await db.query<{ exists: boolean; member: boolean }>(
    `select exists (select 1 from pg_roles where rolname = $1) as exists,
            coalesce((select pg_has_role('authenticator', oid, 'MEMBER') from pg_roles where rolname = $1), false) as member`,
    [role],
  );
  const r = rows[0]!;
  if (!r.exists) throw new ApiError(401, '22023', `role "${role}" does not exist`, null, null, { 'www-authenticate': 'Bearer' });
  if (!r.member) throw new ApiError(403, '42501', `permission denied to set role "${role}"`);
  switchable.add(role);
}

/** Runs one statement as the request's role, in one transaction, after setting the request settings in one statement. */
export async function runStatement(db: Database, req: Request, path: string, who: RequestIdentity, sql: string, params: unknown[], opts: RunOptions): Promise<Outcome> {
  const settings = [who.role, who.claimsText, req.method, path, headersJson(req)];
  await checkRole(db, who.role);
  try {
    return await db.transaction(
      async (tx: Queryable) => {
        try {
          await tx.query(SET_CONFIG, settings);
        } catch (error) {
          if (isPgError(error) && error.code === '22023') {
            throw new ApiError(401, '22023', error.message, error.detail ?? null, error.hint ?? null, { 'www-authenticate': 'Bearer' });
          }
          throw error;
        }
        const { rows } = await tx.query<{ total: string | number | null; page_total: string | number; body: string | null }>(sql, params);
        const row = rows[0];
        const outcome: Outcome = row
          ? { total: row.total === null ? null : Number(row.total), pageTotal: Number(row.page_total), body: row.body }
          : { total: null, pageTotal: 0, body: null };
        if (opts.rollback || opts.rejectIf?.(outcome)) throw new Rollback(outcome);
        return outcome;
      },
      { readOnly: opts.readOnly },
    );
  } catch (error) {
    if (error instanceof Rollback) return error.value as Outcome;
    throw error;
  }
}
