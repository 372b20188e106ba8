import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrate } from '@/supabase/local/db/migrate.ts';
import { openPglite } from '@/supabase/local/db/pglite.ts';
import { openPostgres } from '@/supabase/local/db/postgres.ts';

/**
 * Prepared databases the integration files copy instead of building their own: a fresh PGlite
 * runs initdb (2-4 s) and every stack applies all migrations, which made start-up most of the
 * suite's time. Made once per run by the integration project's global setup; each file still gets
 * its own copy, so files stay independent. Without the environment variables (a file run some other
 * way) every database is built from scratch as before.
 */
const PGLITE_TEMPLATE_DIR_ENV = 'TEST_PGLITE_TEMPLATE_DIR';
const PG_TEMPLATE_ENV = 'TEST_PG_TEMPLATE';

export type TemplateKind = 'blank' | 'migrated';

const pgAdminUrl = () => process.env.TEST_PG_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

export function pgDatabaseUrl(name: string): string {
  const url = new URL(pgAdminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

export async function pgAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: pgAdminUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The PGlite archive of a template, or undefined when none was prepared. */
export async function pgliteTemplate(kind: TemplateKind): Promise<Blob | undefined> {
  const dir = process.env[PGLITE_TEMPLATE_DIR_ENV];
  if (!dir) return undefined;
  return new Blob([await readFile(join(dir, `${kind}.tar`))]);
}

/** The migrated PostgreSQL template database's name, or undefined when none was prepared. */
export const pgTemplate = (): string | undefined => process.env[PG_TEMPLATE_ENV] || undefined;

/** Builds the templates for the database kind under test; returns the cleanup. */
export async function prepareTemplates(kind: 'pglite' | 'postgres'): Promise<() => Promise<void>> {
  if (kind === 'pglite') {
    const dir = await mkdtemp(join(tmpdir(), 'ai-vault-templates-'));
    const db = await openPglite();
    await writeFile(join(dir, 'blank.tar'), Buffer.from(await (await db.dumpDataDir()).arrayBuffer()));
    await migrate(db);
    await writeFile(join(dir, 'migrated.tar'), Buffer.from(await (await db.dumpDataDir()).arrayBuffer()));
    await db.close();
    process.env[PGLITE_TEMPLATE_DIR_ENV] = dir;
    return () => rm(dir, { recursive: true, force: true });
  }
  const name = `ai_vault_template_${randomBytes(6).toString('hex')}`;
  await pgAdmin((admin) => admin.query(`create database ${name}`));
  const db = await openPostgres(pgDatabaseUrl(name));
  await migrate(db);
  await db.close();
  process.env[PG_TEMPLATE_ENV] = name;
  return () => pgAdmin(async (admin) => void (await admin.query(`drop database if exists ${name} with (force)`)));
}
