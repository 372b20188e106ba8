import { readdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostgrestError } from '@supabase/supabase-js';
import { PRICES } from '@/shared/core/usage/priceTable.ts';
import type { TablePrice } from '@/shared/core/usage/prices.ts';
import type { Tables, TablesInsert } from '@/shared/data/database.types.ts';
import { priceRowValues, pricesInsertSql } from '@/scripts/lib/pricesSql.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { makePerson, type Person } from './admin-helpers.ts';

/**
 * The usage ledger in the database (migrations 20261203000100 and 20261203000300), through the
 * REST layer as the app reaches it: the price table equals shared/core/usage/prices.ts, the
 * ledger's rows are their owner's (added, never changed), a user's prices, settings and budgets
 * are theirs alone, budget states by month and currency, admins' totals without people, and a team
 * owner's totals per member.
 */

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => stack?.close());

/** What the REST layer answered a refused request: its HTTP status and PostgreSQL's code and message. */
const refusal = (result: { status: number; error: PostgrestError | null }) => ({
  status: result.status,
  code: result.error?.code,
  message: result.error?.message,
});

const rlsRefused = (table: string) => ({
  status: 403,
  code: '42501',
  message: `new row violates row-level security policy for table "${table}"`,
});
const checkRefused = (table: string, constraint: string) => ({
  status: 400,
  code: '23514',
  message: `new row for relation "${table}" violates check constraint "${constraint}"`,
});
const permissionDenied = (status: 401 | 403, what: string) => ({ status, code: '42501', message: `permission denied for ${what}` });

type UsageRow = TablesInsert<'usage_events'>;

/** A priced call of `provider` (defaults any test may override). */
const call = (fields: Partial<UsageRow> = {}): UsageRow => ({
  feature: 'run',
  surface: 'dashboard',
  provider: 'openai',
  model: 'gpt-6.1-terra',
  input_tokens: 1000,
  output_tokens: 200,
  outcome: 'done',
  cost_micros: 2000,
  ...fields,
});

/** Rows as the database owner sees them, whatever RLS would show. */
async function countRows(table: string, userId: string): Promise<number> {
  const { rows } = await stack.db.query<{ n: number }>(`select count(*)::int as n from public.${table} where user_id = $1`, [userId]);
  return rows[0]!.n;
}

/** The service role adds rows for users, as the Edge Functions do (dated as the test needs). */
async function serviceInsert(rows: UsageRow[]): Promise<void> {
  // Columns a row leaves out take their default (created_at: now), not null as in a batch's other rows.
  const { error } = await stack.service().from('usage_events').insert(rows, { defaultToNull: false });
  expect(error).toBeNull();
}

const monthStartUtc = (monthsFromNow: number, now = new Date()) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + monthsFromNow, 1));

/** A row of ai_prices in the shape of shared/core/usage/prices.ts (null columns are absent fields). */
function tablePriceOf(row: Tables<'ai_prices'>): Record<string, unknown> {
  const entries = Object.entries({
    provider: row.provider,
    model: row.model,
    aliases: row.aliases,
    kind: row.kind,
    inputPerMillion: row.input_per_million,
    cachedInputPerMillion: row.cached_input_per_million,
    cacheWritePerMillion: row.cache_write_per_million,
    outputPerMillion: row.output_per_million,
    perImage: row.per_image,
    perSearch: row.per_search,
    longContext: row.long_context,
    effectiveFrom: row.effective_from,
    effectiveUntil: row.effective_until,
    sourceKind: row.source_kind,
    sourceUrl: row.source_url,
    sourceDate: row.source_date,
    checkedOn: row.checked_on,
    note: row.note,
  });
  return Object.fromEntries(entries.filter(([, value]) => value !== null));
}

/** A price of the file with the defaults the table gives an absent field. */
const asStored = (price: TablePrice): Record<string, unknown> => ({ ...price, aliases: [...(price.aliases ?? [])] });

describe(`the price table (${testDbKind})`, () => {
  it('holds exactly the rows of shared/core/usage/prices.ts, column by column', async () => {
    const { data, error } = await stack.anon().from('ai_prices').select('*').order('id');
    expect(error).toBeNull();
    expect(data!.map(tablePriceOf)).toEqual(PRICES.map(asStored));

    // The same in SQL, with the statement scripts/lib/pricesSql.ts writes for a migration: the
    // file's rows and the table's are the same multiset, each column compared by its own type.
    const columns = `provider, model, aliases, kind, input_per_million, cached_input_per_million, cache_write_per_million,
      output_per_million, per_image, per_search, long_context, effective_from, effective_until, source_kind, source_url,
      source_date, checked_on, note`;
    await stack.db.exec(`create temp table expected_prices as select ${columns} from public.ai_prices limit 0;
      insert into expected_prices values ${PRICES.map(priceRowValues).join(',\n')};`);
    try {
      const { rows } = await stack.db.query<{ side: string; model: string }>(
        `(select 'only in the file' as side, model from (select * from expected_prices except all select ${columns} from public.ai_prices) f)
         union all
         (select 'only in the table', model from (select ${columns} from public.ai_prices except all select * from expected_prices) t)`,
      );
      expect(rows).toEqual([]);
      const { rows: counted } = await stack.db.query<{ n: number }>('select count(*)::int as n from expected_prices');
      expect(counted[0]!.n).toBe(PRICES.length);
    } finally {
      await stack.db.exec('drop table expected_prices');
    }
  });

  it('is loaded by the newest migration that loads it, with the statement scripts/lib/pricesSql.ts writes', async () => {
    const dir = new URL('../../supabase/migrations/', import.meta.url);
    const loading: string[] = [];
    for (const name of (await readdir(dir)).sort()) {
      const sql = await readFile(new URL(name, dir), 'utf8');
      if (sql.includes('insert into public.ai_prices')) loading.push(sql);
    }
    expect(loading.length).toBeGreaterThan(0);
    expect(loading.at(-1)).toContain(pricesInsertSql(PRICES));
  });

  it('is readable by anyone signed in or not, and writable by neither', async () => {
    const user = await makePerson(stack, 'user');
    const signedIn = await user.client.from('ai_prices').select('model').order('id');
    expect(signedIn.data!.map((row) => row.model)).toEqual(PRICES.map((price) => price.model));

    const row: TablesInsert<'ai_prices'> = {
      provider: 'openai',
      model: 'gpt-free',
      kind: 'chat',
      input_per_million: 0,
      output_per_million: 0,
      source_kind: 'provider',
      source_url: 'https://example.com/prices',
      checked_on: '2026-11-29',
    };
    expect(refusal(await stack.anon().from('ai_prices').insert(row))).toEqual(permissionDenied(401, 'table ai_prices'));
    expect(refusal(await user.client.from('ai_prices').insert(row))).toEqual(permissionDenied(403, 'table ai_prices'));
    expect(refusal(await user.client.from('ai_prices').update({ input_per_million: 0 }).eq('model', 'gpt-6.1-terra'))).toEqual(
      permissionDenied(403, 'table ai_prices'),
    );
    expect(refusal(await stack.anon().from('ai_prices').delete().eq('model', 'gpt-6.1-terra'))).toEqual(
      permissionDenied(401, 'table ai_prices'),
    );
    expect(refusal(await user.client.from('ai_prices').delete().eq('model', 'gpt-6.1-terra'))).toEqual(
      permissionDenied(403, 'table ai_prices'),
    );
    const { rows } = await stack.db.query<{ n: number; input: number }>(
      `select count(*)::int as n, sum(input_per_million)::int as input from public.ai_prices where model = 'gpt-6.1-terra'`,
    );
    expect(rows[0]).toEqual({ n: 1, input: 1_000_000 });
  });
});

describe(`the ledger: usage_events (${testDbKind})`, () => {
  let owner: Person;
  let other: Person;
  let ownRowId: string;

  beforeAll(async () => {
    [owner, other] = [await makePerson(stack, 'user'), await makePerson(stack, 'user')];
  });

  it('the owner adds a row (their id by default) and reads it; another user reads none of it', async () => {
    const added = await owner.client
      .from('usage_events')
      .insert(call({ estimated: true }))
      .select()
      .single();
    expect(added.error).toBeNull();
    expect(added.data).toMatchObject({ user_id: owner.id, feature: 'run', estimated: true, cost_micros: 2000 });
    ownRowId = added.data!.id;

    const mine = await owner.client.from('usage_events').select('id, user_id');
    expect(mine.data).toEqual([{ id: ownRowId, user_id: owner.id }]);
    const theirs = await other.client.from('usage_events').select('id').eq('id', ownRowId);
    expect(theirs).toMatchObject({ status: 200, data: [] });
    expect(refusal(await stack.anon().from('usage_events').select('id'))).toEqual(permissionDenied(401, 'table usage_events'));
  });

  it('refuses a row for another user', async () => {
    expect(refusal(await owner.client.from('usage_events').insert(call({ user_id: other.id })))).toEqual(rlsRefused('usage_events'));
    expect(
      refusal(
        await stack
          .anon()
          .from('usage_events')
          .insert(call({ user_id: owner.id })),
      ),
    ).toEqual(permissionDenied(401, 'table usage_events'));
    expect(await countRows('usage_events', other.id)).toBe(0);
  });

  it('nobody changes or deletes a row, its owner included', async () => {
    for (const who of [owner, other]) {
      expect(refusal(await who.client.from('usage_events').update({ cost_micros: 0 }).eq('id', ownRowId))).toEqual(
        permissionDenied(403, 'table usage_events'),
      );
      expect(refusal(await who.client.from('usage_events').delete().eq('id', ownRowId))).toEqual(
        permissionDenied(403, 'table usage_events'),
      );
    }
    const { rows } = await stack.db.query('select cost_micros::text as cost from public.usage_events where id = $1', [ownRowId]);
    expect(rows).toEqual([{ cost: '2000' }]);
  });

  it('the service role adds a row for a user, which the user then reads', async () => {
    await serviceInsert([
      call({ user_id: owner.id, surface: 'server', feature: 'workflow_step', model: 'claude-haiku-5-5', provider: 'anthropic' }),
    ]);
    const mine = await owner.client.from('usage_events').select('surface, provider').order('created_at');
    expect(mine.data).toEqual([
      { surface: 'dashboard', provider: 'openai' },
      { surface: 'server', provider: 'anthropic' },
    ]);
  });

  it('refuses an unknown feature or surface and cached tokens beyond the input', async () => {
    const insert = (fields: Partial<UsageRow>) => owner.client.from('usage_events').insert(call(fields));
    expect(refusal(await insert({ feature: 'teleport' }))).toEqual(checkRefused('usage_events', 'usage_events_feature_check'));
    expect(refusal(await insert({ surface: 'watch' }))).toEqual(checkRefused('usage_events', 'usage_events_surface_check'));
    expect(refusal(await insert({ input_tokens: 100, cached_input_tokens: 101 }))).toEqual(
      checkRefused('usage_events', 'usage_events_cache_within_input'),
    );
    expect(refusal(await insert({ input_tokens: 100, cache_write_input_tokens: 101 }))).toEqual(
      checkRefused('usage_events', 'usage_events_cache_within_input'),
    );
    expect(refusal(await insert({ input_tokens: 100, cached_input_tokens: 60, cache_write_input_tokens: 41 }))).toEqual(
      checkRefused('usage_events', 'usage_events_cache_within_input'),
    );
    // All of the input from the cache is fine.
    expect((await insert({ input_tokens: 100, cached_input_tokens: 60, cache_write_input_tokens: 40 })).status).toBe(201);
    expect(await countRows('usage_events', owner.id)).toBe(3);
  });

  it("goes with the account, with the user's prices, settings and budgets", async () => {
    const leaving = await makePerson(stack, 'user');
    expect((await leaving.client.from('usage_events').insert(call())).status).toBe(201);
    expect(
      (
        await leaving.client
          .from('usage_price_overrides')
          .insert({ provider: 'ollama', model: 'llama4', input_per_million: 0, output_per_million: 0 })
      ).status,
    ).toBe(201);
    expect((await leaving.client.from('usage_settings').insert({ currency: 'EUR', usd_rate: 0.9 })).status).toBe(201);
    expect((await leaving.client.from('usage_budgets').insert({ monthly_limit_micros: 5_000_000 })).status).toBe(201);
    const tables = ['usage_events', 'usage_price_overrides', 'usage_settings', 'usage_budgets'];
    for (const table of tables) expect(await countRows(table, leaving.id), table).toBe(1);

    expect((await stack.service().auth.admin.deleteUser(leaving.id)).error).toBeNull();
    for (const table of tables) expect(await countRows(table, leaving.id), table).toBe(0);
    expect(await countRows('usage_events', owner.id)).toBe(3);
  });
});

describe(`a user's prices, settings and budgets are theirs alone (${testDbKind})`, () => {
  let owner: Person;
  let other: Person;

  beforeAll(async () => {
    [owner, other] = [await makePerson(stack, 'user'), await makePerson(stack, 'user')];
  });

  it('usage_price_overrides', async () => {
    const price = { provider: 'ollama', model: 'llama4', input_per_million: 0, output_per_million: 0 };
    expect((await owner.client.from('usage_price_overrides').insert(price)).status).toBe(201);
    expect((await owner.client.from('usage_price_overrides').select('user_id, model')).data).toEqual([
      { user_id: owner.id, model: 'llama4' },
    ]);
    expect((await other.client.from('usage_price_overrides').select('model')).data).toEqual([]);
    expect(refusal(await other.client.from('usage_price_overrides').insert({ ...price, user_id: owner.id, model: 'other' }))).toEqual(
      rlsRefused('usage_price_overrides'),
    );
    expect(
      (await other.client.from('usage_price_overrides').update({ input_per_million: 99 }).eq('user_id', owner.id).select()).data,
    ).toEqual([]);
    expect((await other.client.from('usage_price_overrides').delete().eq('user_id', owner.id).select()).data).toEqual([]);
    const { rows } = await stack.db.query(
      'select model, input_per_million::text as input from public.usage_price_overrides where user_id = $1',
      [owner.id],
    );
    expect(rows).toEqual([{ model: 'llama4', input: '0' }]);
    // The owner changes and removes their own.
    expect(
      (await owner.client.from('usage_price_overrides').update({ input_per_million: 5 }).eq('model', 'llama4').select('input_per_million'))
        .data,
    ).toEqual([{ input_per_million: 5 }]);
    expect((await owner.client.from('usage_price_overrides').delete().eq('model', 'llama4').select('model')).data).toEqual([
      { model: 'llama4' },
    ]);
  });

  it('usage_settings', async () => {
    expect((await owner.client.from('usage_settings').insert({ currency: 'EUR', usd_rate: 0.9 })).status).toBe(201);
    expect((await other.client.from('usage_settings').select('currency')).data).toEqual([]);
    expect(refusal(await other.client.from('usage_settings').insert({ user_id: owner.id, currency: 'GBP', usd_rate: 0.8 }))).toEqual(
      rlsRefused('usage_settings'),
    );
    expect((await other.client.from('usage_settings').update({ currency: 'GBP' }).eq('user_id', owner.id).select()).data).toEqual([]);
    expect((await other.client.from('usage_settings').delete().eq('user_id', owner.id).select()).data).toEqual([]);
    expect((await owner.client.from('usage_settings').select('user_id, currency, usd_rate')).data).toEqual([
      { user_id: owner.id, currency: 'EUR', usd_rate: 0.9 },
    ]);
    // USD is always at rate 1.
    expect(refusal(await other.client.from('usage_settings').insert({ currency: 'USD', usd_rate: 2 }))).toEqual(
      checkRefused('usage_settings', 'usage_settings_check'),
    );
  });

  it('usage_budgets: one per provider and one overall (provider null)', async () => {
    expect((await owner.client.from('usage_budgets').insert({ monthly_limit_micros: 10_000_000 })).status).toBe(201);
    expect(
      (await owner.client.from('usage_budgets').insert({ provider: 'openai', monthly_limit_micros: 5_000_000, at_limit: 'stop' })).status,
    ).toBe(201);
    expect((await owner.client.from('usage_budgets').insert({ provider: 'anthropic', monthly_limit_micros: 5_000_000 })).status).toBe(201);
    const duplicate = {
      status: 409,
      code: '23505',
      message: 'duplicate key value violates unique constraint "usage_budgets_scope_key"',
    };
    expect(refusal(await owner.client.from('usage_budgets').insert({ monthly_limit_micros: 1_000_000 }))).toEqual(duplicate);
    expect(refusal(await owner.client.from('usage_budgets').insert({ provider: 'openai', monthly_limit_micros: 1_000_000 }))).toEqual(
      duplicate,
    );
    // A budget set again replaces its scope's: upsert on (user_id, provider), the overall one included.
    const upserted = await owner.client
      .from('usage_budgets')
      .upsert({ user_id: owner.id, provider: null, monthly_limit_micros: 12_000_000, at_limit: 'stop' }, { onConflict: 'user_id,provider' })
      .select('provider, monthly_limit_micros, at_limit');
    expect(upserted.data).toEqual([{ provider: null, monthly_limit_micros: 12_000_000, at_limit: 'stop' }]);

    expect((await other.client.from('usage_budgets').select('id')).data).toEqual([]);
    expect(
      refusal(await other.client.from('usage_budgets').insert({ user_id: owner.id, provider: 'gemini', monthly_limit_micros: 1 })),
    ).toEqual(rlsRefused('usage_budgets'));
    expect((await other.client.from('usage_budgets').update({ monthly_limit_micros: 1 }).eq('user_id', owner.id).select()).data).toEqual(
      [],
    );
    expect((await other.client.from('usage_budgets').delete().eq('user_id', owner.id).select()).data).toEqual([]);
    const { rows } = await stack.db.query<{ provider: string | null; limit: string }>(
      'select provider, monthly_limit_micros::text as limit from public.usage_budgets where user_id = $1 order by provider nulls first',
      [owner.id],
    );
    expect(rows).toEqual([
      { provider: null, limit: '12000000' },
      { provider: 'anthropic', limit: '5000000' },
      { provider: 'openai', limit: '5000000' },
    ]);
  });
});

describe(`budget states: usage_budget_status() (${testDbKind})`, () => {
  let owner: Person;

  beforeAll(async () => {
    owner = await makePerson(stack, 'user');
  });

  const states = async () => {
    const { data, error } = await owner.client.rpc('usage_budget_status');
    expect(error).toBeNull();
    return data!.map((row) => `${row.provider ?? 'overall'}: ${row.spent_micros}/${row.monthly_limit_micros} ${row.at_limit} ${row.state}`);
  };

  it('ok below 80%, warning from 80%, over or stopped at 100%, per provider and overall', async () => {
    expect((await owner.client.from('usage_budgets').insert({ provider: 'openai', monthly_limit_micros: 1_000_000 })).status).toBe(201);
    expect(
      (await owner.client.from('usage_budgets').insert({ provider: 'anthropic', monthly_limit_micros: 100_000, at_limit: 'stop' })).status,
    ).toBe(201);
    expect((await owner.client.from('usage_budgets').insert({ monthly_limit_micros: 2_000_000, at_limit: 'stop' })).status).toBe(201);
    expect(await states()).toEqual(['overall: 0/2000000 stop ok', 'anthropic: 0/100000 stop ok', 'openai: 0/1000000 warn ok']);

    const add = async (provider: string, cost: number | null) =>
      expect((await owner.client.from('usage_events').insert(call({ provider, cost_micros: cost }))).status).toBe(201);
    await add('openai', 790_000);
    expect(await states()).toEqual(['overall: 790000/2000000 stop ok', 'anthropic: 0/100000 stop ok', 'openai: 790000/1000000 warn ok']);
    await add('openai', 10_000);
    expect(await states()).toEqual([
      'overall: 800000/2000000 stop ok',
      'anthropic: 0/100000 stop ok',
      'openai: 800000/1000000 warn warning',
    ]);
    // A call without a known price does not count.
    await add('openai', null);
    expect(await states()).toEqual([
      'overall: 800000/2000000 stop ok',
      'anthropic: 0/100000 stop ok',
      'openai: 800000/1000000 warn warning',
    ]);
    await add('openai', 200_000);
    expect(await states()).toEqual([
      'overall: 1000000/2000000 stop ok',
      'anthropic: 0/100000 stop ok',
      'openai: 1000000/1000000 warn over',
    ]);
    await add('anthropic', 79_999);
    expect(await states()).toEqual([
      'overall: 1079999/2000000 stop ok',
      'anthropic: 79999/100000 stop ok',
      'openai: 1000000/1000000 warn over',
    ]);
    await add('anthropic', 1);
    expect((await states())[1]).toBe('anthropic: 80000/100000 stop warning');
    await add('anthropic', 20_000);
    expect((await states())[1]).toBe('anthropic: 100000/100000 stop stopped');
    // Another provider counts in the overall budget only.
    await add('gemini', 500_000);
    expect(await states()).toEqual([
      'overall: 1600000/2000000 stop warning',
      'anthropic: 100000/100000 stop stopped',
      'openai: 1000000/1000000 warn over',
    ]);
    await add('gemini', 400_000);
    expect((await states())[0]).toBe('overall: 2000000/2000000 stop stopped');
    expect((await owner.client.from('usage_budgets').update({ at_limit: 'warn' }).is('provider', null)).status).toBe(204);
    expect((await states())[0]).toBe('overall: 2000000/2000000 warn over');
  });

  it('counts this calendar month (UTC) only', async () => {
    const before = await states();
    const lastMonth = new Date(monthStartUtc(0).getTime() - 1000).toISOString();
    const nextMonth = monthStartUtc(1).toISOString();
    await serviceInsert([
      call({ user_id: owner.id, provider: 'openai', cost_micros: 9_000_000, created_at: lastMonth }),
      call({ user_id: owner.id, provider: 'openai', cost_micros: 9_000_000, created_at: nextMonth }),
    ]);
    expect(await states()).toEqual(before);
    // The first moment of the month counts.
    await serviceInsert([call({ user_id: owner.id, provider: 'anthropic', cost_micros: 1, created_at: monthStartUtc(0).toISOString() })]);
    expect((await states())[1]).toBe('anthropic: 100001/100000 stop stopped');
  });

  it('in the user’s currency: USD spend at their rate against a budget in their currency', async () => {
    // Spent so far: openai 1,000,000, anthropic 100,001, all 2,000,001 micro-dollars.
    expect((await owner.client.from('usage_settings').insert({ currency: 'EUR', usd_rate: 0.9 })).status).toBe(201);
    expect(await states()).toEqual([
      'overall: 1800001/2000000 warn warning',
      'anthropic: 90001/100000 stop warning',
      'openai: 900000/1000000 warn warning',
    ]);
  });

  it('usage_budget_status_for(uuid): the same for the service role, refused to users', async () => {
    const { data, error } = await stack.service().rpc('usage_budget_status_for', { for_user: owner.id });
    expect(error).toBeNull();
    expect(data).toEqual((await owner.client.rpc('usage_budget_status')).data);
    expect(data![0]).toEqual({
      provider: null,
      monthly_limit_micros: 2_000_000,
      spent_micros: 1_800_001,
      at_limit: 'warn',
      state: 'warning',
    });

    expect(refusal(await owner.client.rpc('usage_budget_status_for', { for_user: owner.id }))).toEqual(
      permissionDenied(403, 'function usage_budget_status_for'),
    );
    expect(refusal(await stack.anon().rpc('usage_budget_status_for', { for_user: owner.id }))).toEqual(
      permissionDenied(401, 'function usage_budget_status_for'),
    );
    expect(refusal(await stack.anon().rpc('usage_budget_status'))).toEqual(permissionDenied(401, 'function usage_budget_status'));
  });

  it('is empty for a user without budgets', async () => {
    const someone = await makePerson(stack, 'user');
    expect((await someone.client.rpc('usage_budget_status')).data).toEqual([]);
  });
});

describe(`admins' totals: admin_usage_totals(since) (${testDbKind})`, () => {
  it('refuses anyone but an admin', async () => {
    const user = await makePerson(stack, 'user');
    const refused = { status: 403, code: '42501', message: 'Only admins can see usage totals.' };
    expect(refusal(await user.client.rpc('admin_usage_totals', { since: '2020-01-01T00:00:00Z' }))).toEqual(refused);
    const editor = await makePerson(stack, 'editor');
    expect(refusal(await editor.client.rpc('admin_usage_totals', { since: '2020-01-01T00:00:00Z' }))).toEqual(refused);
    expect(refusal(await stack.anon().rpc('admin_usage_totals', { since: '2020-01-01T00:00:00Z' }))).toEqual(
      permissionDenied(401, 'function admin_usage_totals'),
    );
  });

  it('answers totals per day, provider and feature with how many people, and no one’s id', async () => {
    const [admin, ann, ben] = [await makePerson(stack, 'admin'), await makePerson(stack, 'user'), await makePerson(stack, 'user')];
    // In 2020, before any other row of this file.
    await serviceInsert([
      call({ user_id: ann.id, created_at: '2020-03-01T08:00:00Z', input_tokens: 100, output_tokens: 10, cost_micros: 1000 }),
      call({ user_id: ann.id, created_at: '2020-03-01T09:00:00Z', input_tokens: 200, output_tokens: 20, cost_micros: 2000 }),
      call({ user_id: ben.id, created_at: '2020-03-01T23:59:59Z', input_tokens: 300, output_tokens: 30, cost_micros: null }),
      call({ user_id: ben.id, created_at: '2020-03-01T10:00:00Z', feature: 'chat', input_tokens: 5, output_tokens: 5, cost_micros: 7 }),
      call({
        user_id: ben.id,
        created_at: '2020-03-02T00:00:00Z',
        provider: 'anthropic',
        model: 'claude-haiku-5-5',
        input_tokens: null,
        output_tokens: null,
        cost_micros: null,
      }),
      call({ user_id: ann.id, created_at: '2020-02-29T23:59:59Z', cost_micros: 999_999 }),
    ]);
    const { data, error } = await admin.client.rpc('admin_usage_totals', { since: '2020-03-01T00:00:00Z' });
    expect(error).toBeNull();
    const in2020 = data!.filter((row) => row.day.startsWith('2020-'));
    expect(in2020).toEqual([
      {
        day: '2020-03-01',
        provider: 'openai',
        feature: 'chat',
        calls: 1,
        people: 1,
        input_tokens: 5,
        output_tokens: 5,
        cost_micros: 7,
        unpriced_calls: 0,
      },
      {
        day: '2020-03-01',
        provider: 'openai',
        feature: 'run',
        calls: 3,
        people: 2,
        input_tokens: 600,
        output_tokens: 60,
        cost_micros: 3000,
        unpriced_calls: 1,
      },
      {
        day: '2020-03-02',
        provider: 'anthropic',
        feature: 'run',
        calls: 1,
        people: 1,
        input_tokens: 0,
        output_tokens: 0,
        cost_micros: 0,
        unpriced_calls: 1,
      },
    ]);
    const answer = JSON.stringify(data);
    const { rows: everyone } = await stack.db.query<{ id: string }>('select distinct user_id as id from public.usage_events');
    expect(everyone.length).toBeGreaterThan(2);
    for (const { id } of everyone) expect(answer).not.toContain(id);
    expect(Object.keys(data![0]!).sort()).toEqual(
      ['calls', 'cost_micros', 'day', 'feature', 'input_tokens', 'output_tokens', 'people', 'provider', 'unpriced_calls'].sort(),
    );
  });
});

describe(`a team owner's totals per member: team_usage_by_member(month_start) (${testDbKind})`, () => {
  let owner: Person;
  let busy: Person;
  let idle: Person;
  let outsider: Person;
  const thisMonth = monthStartUtc(0).toISOString().slice(0, 10);
  const lastMonth = monthStartUtc(-1).toISOString().slice(0, 10);
  const refused = { status: 403, code: '42501', message: 'Only a team owner can see usage per member.' };

  beforeAll(async () => {
    [owner, busy, idle, outsider] = [
      await makePerson(stack, 'user'),
      await makePerson(stack, 'user'),
      await makePerson(stack, 'user'),
      await makePerson(stack, 'user'),
    ];
    const { rows } = await stack.db.query<{ id: string }>(`insert into public.teams (owner_id, name) values ($1, 'Crew') returning id`, [
      owner.id,
    ]);
    for (const member of [busy, idle])
      await stack.db.query(`insert into public.team_members (team_id, user_id, email, role) values ($1, $2, $3, 'editor')`, [
        rows[0]!.id,
        member.id,
        member.email.toLowerCase(),
      ]);
    // The outsider owns a team of their own, which shows nothing of the crew's.
    await stack.db.query(`insert into public.teams (owner_id, name) values ($1, 'Solo')`, [outsider.id]);
    const lastMonthDay = `${lastMonth}T12:00:00Z`;
    await serviceInsert([
      call({ user_id: owner.id, cost_micros: 1000 }),
      call({ user_id: busy.id, cost_micros: 5000 }),
      call({ user_id: busy.id, cost_micros: null }),
      call({ user_id: busy.id, cost_micros: 700, created_at: lastMonthDay }),
      call({ user_id: owner.id, cost_micros: 300, created_at: lastMonthDay }),
      call({ user_id: outsider.id, cost_micros: 50_000 }),
    ]);
  });

  it('answers the owner and each member for that month, most spent first', async () => {
    const { data, error } = await owner.client.rpc('team_usage_by_member', { month_start: thisMonth });
    expect(error).toBeNull();
    expect(data).toEqual([
      { user_id: busy.id, email: busy.email.toLowerCase(), calls: 2, cost_micros: 5000, unpriced_calls: 1 },
      { user_id: owner.id, email: owner.email.toLowerCase(), calls: 1, cost_micros: 1000, unpriced_calls: 0 },
      { user_id: idle.id, email: idle.email.toLowerCase(), calls: 0, cost_micros: 0, unpriced_calls: 0 },
    ]);
    const previous = await owner.client.rpc('team_usage_by_member', { month_start: lastMonth });
    expect(previous.data).toEqual([
      { user_id: busy.id, email: busy.email.toLowerCase(), calls: 1, cost_micros: 700, unpriced_calls: 0 },
      { user_id: owner.id, email: owner.email.toLowerCase(), calls: 1, cost_micros: 300, unpriced_calls: 0 },
      { user_id: idle.id, email: idle.email.toLowerCase(), calls: 0, cost_micros: 0, unpriced_calls: 0 },
    ]);
    const answers = JSON.stringify([data, previous.data]);
    expect(answers).not.toContain(outsider.id);
    expect(answers).not.toContain(outsider.email.toLowerCase());
  });

  it('answers another team owner only about their own team', async () => {
    const { data } = await outsider.client.rpc('team_usage_by_member', { month_start: thisMonth });
    expect(data).toEqual([{ user_id: outsider.id, email: outsider.email.toLowerCase(), calls: 1, cost_micros: 50_000, unpriced_calls: 0 }]);
  });

  it('refuses a member, someone without a team and a signed-out caller', async () => {
    expect(refusal(await busy.client.rpc('team_usage_by_member', { month_start: thisMonth }))).toEqual(refused);
    const loner = await makePerson(stack, 'user');
    expect(refusal(await loner.client.rpc('team_usage_by_member', { month_start: thisMonth }))).toEqual(refused);
    expect(refusal(await stack.anon().rpc('team_usage_by_member', { month_start: thisMonth }))).toEqual(
      permissionDenied(401, 'function team_usage_by_member'),
    );
  });
});
