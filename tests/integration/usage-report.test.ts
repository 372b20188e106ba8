import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageFromCsv, usageToCsv } from '@/shared/core/usage/csv.ts';
import { topRuns } from '@/shared/core/usage/report.ts';
import type { TablesInsert } from '@/shared/data/database.types.ts';
import { listUsageEvents, runSubjects, subjectOf } from '@/shared/data/usageReport.ts';
import {
  budgetStatus,
  getUsageSettings,
  listBudgets,
  listPriceOverrides,
  removeBudget,
  removePriceOverride,
  saveBudget,
  savePriceOverride,
  saveUsageSettings,
} from '@/shared/data/usageSettings.ts';
import { USAGE_SETTINGS_TEXTS } from '@/shared/core/usage/settingsForm.ts';
import { MAX_ROWS } from '@/shared/data/paging.ts';
import { startTestStack, type TestStack } from '../helpers/stack.ts';
import { makePerson, type Person } from './admin-helpers.ts';

/**
 * The Usage page's data modules against the local stack (PGlite): a period's ledger rows read past
 * the server's row limit in pages, the owner's only, and back through the CSV unchanged; the runs'
 * names and links; settings, prices and budgets as their owner changes them, with the budget's
 * state this month.
 */

let stack: TestStack;
let owner: Person;
let other: Person;

beforeAll(async () => {
  stack = await startTestStack();
  owner = await makePerson(stack, 'user');
  other = await makePerson(stack, 'user');
});
afterAll(async () => stack?.close());

const call = (fields: Partial<TablesInsert<'usage_events'>> = {}): TablesInsert<'usage_events'> => ({
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

describe('the ledger of a period', () => {
  it('reads every row of the period past the row limit, oldest first, the owner’s only', async () => {
    const start = Date.parse('2026-10-01T00:00:00Z');
    const rows = Array.from({ length: MAX_ROWS + 25 }, (_, i) =>
      call({ created_at: new Date(start + i * 60_000).toISOString(), model: i === 3 ? 'odd, "model"\nname' : 'gpt-6.1-terra' }),
    );
    const { error } = await owner.client.from('usage_events').insert(rows);
    expect(error).toBeNull();
    // Outside the period, and someone else's inside it.
    await owner.client
      .from('usage_events')
      .insert([call({ created_at: '2026-09-30T23:59:59Z' }), call({ created_at: '2026-11-01T00:00:00Z' })]);
    await other.client.from('usage_events').insert(call({ created_at: '2026-10-15T00:00:00Z' }));

    const read = await listUsageEvents(owner.client, { from: '2026-10-01T00:00:00.000Z', to: '2026-11-01T00:00:00.000Z' });
    expect(read.error).toBeNull();
    const list = read.data!;
    expect(list).toHaveLength(MAX_ROWS + 25);
    expect(list.map((r) => Date.parse(r.created_at))).toEqual(rows.map((r) => Date.parse(r.created_at!)));
    expect(list[0]).not.toHaveProperty('user_id');
    expect(list[3]!.model).toBe('odd, "model"\nname');

    // The export of what was read comes back the same.
    expect(usageFromCsv(usageToCsv(list))).toEqual(list);
  });

  it('names and links what the most expensive runs belong to; a deleted one has no entry', async () => {
    const service = stack.service();
    const { data: conversation } = await service
      .from('conversations')
      .insert({ user_id: owner.id, title: 'Pricing chat', provider: 'openai', source: 'chat' })
      .select('id')
      .single();
    const { data: deck } = await service
      .from('pitch_decks')
      .insert({ user_id: owner.id, title: 'Seed deck', slides: [{ title: 'Problem', bullets: [] }] })
      .select('id')
      .single();
    const gone = '99999999-9999-4999-8999-999999999999';
    const at = '2026-08-10T00:00:00Z';
    await owner.client
      .from('usage_events')
      .insert([
        call({ created_at: at, subject_kind: 'conversation', subject_id: conversation!.id, feature: 'chat' }),
        call({ created_at: at, subject_kind: 'pitch_deck', subject_id: deck!.id, feature: 'pitch_deck' }),
        call({ created_at: at, subject_kind: 'workflow_run', subject_id: gone, feature: 'workflow_step', step_index: 0 }),
      ]);
    const rows = await listUsageEvents(owner.client, { from: '2026-08-01T00:00:00Z', to: '2026-09-01T00:00:00Z' });
    const runs = topRuns(rows.data!);
    const subjects = await runSubjects(owner.client, runs);
    expect(subjects.error).toBeNull();
    const byKind = (kind: string) =>
      subjectOf(
        subjects.data!,
        runs.find((r) => r.subjectKind === kind)!,
      );
    expect(byKind('conversation')).toEqual({ title: 'Pricing chat', path: `/conversations/${conversation!.id}` });
    expect(byKind('pitch_deck')).toEqual({ title: 'Seed deck', path: `/pitch-deck?deck=${deck!.id}` });
    expect(byKind('workflow_run')).toBeUndefined();
    // Someone else's conversation is not theirs to name.
    const theirs = await runSubjects(other.client, runs);
    expect(theirs.data!.size).toBe(0);
  });
});

describe('usage settings', () => {
  it('starts at the database defaults and keeps what the owner saves', async () => {
    expect((await getUsageSettings(owner.client)).data).toEqual({ currency: 'USD', usdRate: 1, confirmAboveMicros: 1_000_000 });
    expect(
      (await saveUsageSettings(owner.client, owner.id, { currency: 'EUR', usdRate: 0.92, confirmAboveMicros: null })).error,
    ).toBeNull();
    expect(
      (await saveUsageSettings(owner.client, owner.id, { currency: 'EUR', usdRate: 0.5, confirmAboveMicros: 2_500_000 })).error,
    ).toBeNull();
    expect((await getUsageSettings(owner.client)).data).toEqual({ currency: 'EUR', usdRate: 0.5, confirmAboveMicros: 2_500_000 });
    expect((await getUsageSettings(other.client)).data!.currency).toBe('USD');
  });

  it('adds, renames and removes a price of one’s own (0 for a local model)', async () => {
    const price = {
      provider: 'chatgpt_custom',
      model: 'llama3',
      inputPerMillion: 0,
      cachedInputPerMillion: null,
      outputPerMillion: 0,
      perImage: null,
      perSearch: null,
    };
    expect((await savePriceOverride(owner.client, owner.id, price)).error).toBeNull();
    expect(
      (await savePriceOverride(owner.client, owner.id, { ...price, model: 'llama3.1', outputPerMillion: 10 }, price)).error,
    ).toBeNull();
    const list = (await listPriceOverrides(owner.client)).data!;
    expect(list.map((p) => [p.model, p.outputPerMillion])).toEqual([['llama3.1', 10]]);
    expect((await listPriceOverrides(other.client)).data).toEqual([]);
    expect((await removePriceOverride(owner.client, 'chatgpt_custom', 'llama3.1')).error).toBeNull();
    expect((await listPriceOverrides(owner.client)).data).toEqual([]);
  });

  it('keeps one budget per scope, says so for a second, and reports this month’s state in the user’s currency', async () => {
    const person = await makePerson(stack, 'user');
    await person.client.from('usage_events').insert(call({ cost_micros: 8_000_000 }));
    expect(
      (await saveBudget(person.client, { provider: null, monthlyLimitMicros: 10_000_000, atLimit: 'stop' }, 'all providers together'))
        .error,
    ).toBeNull();
    const twice = await saveBudget(
      person.client,
      { provider: null, monthlyLimitMicros: 5_000_000, atLimit: 'warn' },
      'all providers together',
    );
    expect(twice.error).toMatchObject({ kind: 'invalid', message: USAGE_SETTINGS_TEXTS.budgetExists('all providers together') });
    expect((await budgetStatus(person.client)).data).toEqual([
      { provider: null, monthly_limit_micros: 10_000_000, spent_micros: 8_000_000, at_limit: 'stop', state: 'warning' },
    ]);
    const [budget] = (await listBudgets(person.client)).data!;
    expect((await saveBudget(person.client, { ...budget!, monthlyLimitMicros: 8_000_000 }, 'all providers together')).error).toBeNull();
    expect((await budgetStatus(person.client)).data![0]!.state).toBe('stopped');
    expect((await removeBudget(person.client, budget!.id)).error).toBeNull();
    expect((await listBudgets(person.client)).data).toEqual([]);
  });
});
