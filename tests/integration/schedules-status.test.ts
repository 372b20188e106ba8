import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSchedulesStatus } from '@/shared/data/projectStatus.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { must, person, type Person } from './documents-helpers.ts';

/**
 * Whether scheduled workflows run on the project (migration 20261202004200), as the workflow page
 * learns it: the local stack declares at start-up whether it runs its scheduler; a database without
 * that declaration is a hosted project, where pg_cron and pg_net, the job calling
 * run-scheduled-workflows and the Vault secrets it calls with must all be there.
 */

let withoutScheduler: TestStack;
let me: Person;

beforeAll(async () => {
  // startTestStack turns the scheduler off unless a test asks for it.
  withoutScheduler = await startTestStack();
  me = await person(withoutScheduler, 'schedules-status');
});
afterAll(async () => withoutScheduler?.close());

const status = async (who: Person = me) => must(await getSchedulesStatus(who.client));

describe(`whether schedules run (${testDbKind})`, () => {
  it('is off on a local stack started without its scheduler', async () => {
    expect(await status()).toBe('local_off');
  });

  it('is on on a local stack that runs its scheduler', async () => {
    // An hour between ticks: the scheduler runs, and never ticks during this test.
    const stack = await startTestStack({ config: { schedulerIntervalMs: 3_600_000 } });
    try {
      const someone = await person(stack, 'schedules-on');
      expect(must(await getSchedulesStatus(someone.client))).toBe('on');
      // Signed-out callers are not told.
      expect((await stack.anon().rpc('workflow_schedules_status')).error?.code).toBe('42501');
    } finally {
      await stack.close();
    }
  });

  it('without the declaration (a hosted project), follows pg_cron, pg_net, the job and its Vault secrets', async () => {
    const db = withoutScheduler.db;
    await db.query('delete from private.local_scheduler');
    try {
      expect(await status()).toBe('no_extensions');
      // What pg_cron and pg_net provide, as far as the check looks (this database has neither extension).
      await db.exec(`
        create schema cron;
        create table cron.job (jobid bigserial primary key, jobname text, active boolean not null default true);
        create schema net;
        create function net.http_post(url text) returns bigint language sql as 'select 1::bigint';`);
      expect(await status()).toBe('no_job');
      await db.query("insert into cron.job (jobname, active) values ('run-scheduled-workflows', false)");
      expect(await status()).toBe('no_job');
      await db.query('update cron.job set active = true');
      expect(await status()).toBe('no_secrets');
      await db.exec(`create schema vault; create table vault.secrets (name text);`);
      await db.query("insert into vault.secrets (name) values ('project_url')");
      expect(await status()).toBe('no_secrets');
      await db.query("insert into vault.secrets (name) values ('service_role_key')");
      expect(await status()).toBe('on');
    } finally {
      await db.exec('drop schema if exists cron cascade; drop schema if exists net cascade; drop schema if exists vault cascade;');
      await db.query('select private.declare_local_scheduler(false)');
    }
    expect(await status()).toBe('local_off');
  });
});
