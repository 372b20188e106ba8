import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type UntypedTestStack } from '../helpers/stack.ts';
import { getJson, okJson, setupAggregateFixture } from './rest-agg-fixture.ts';

let stack: UntypedTestStack;
beforeAll(async () => {
  stack = await startTestStack({ config: { restAggregates: true } });
  await setupAggregateFixture(stack);
});
afterAll(async () => {
  await stack?.close();
});

const ok = (path: string) => okJson(stack, path);

describe('rest aggregates (PostgREST db-aggregates-enabled)', () => {
  it('counts rows with count(), an alias and a cast, grouped by the other columns', async () => {
    expect(await ok('/projects?select=count()')).toEqual([{ count: 5 }]);
    expect(await ok('/projects?select=cnt:count()')).toEqual([{ cnt: 5 }]);
    expect(await ok('/projects?select=count()::text')).toEqual([{ count: '5' }]);
    expect(await ok('/projects?select=c:count(),client_id&order=client_id.desc')).toEqual([
      { c: 1, client_id: null },
      { c: 2, client_id: 2 },
      { c: 2, client_id: 1 },
    ]);
    // The old form: a `count` column that does not exist is Postgres' count(row).
    expect(await ok('/projects?select=count')).toEqual([{ count: 5 }]);
    expect(await ok('/clients?select=name,projects(count)&order=id')).toEqual([
      { name: 'Microsoft', projects: [{ count: 2 }] },
      { name: 'Apple', projects: [{ count: 2 }] },
    ]);
  });

  it('applies sum, avg, min, max and count to a column', async () => {
    expect(await ok('/project_invoices?select=invoice_total.sum()')).toEqual([{ sum: 8800 }]);
    expect(await ok('/project_invoices?select=invoice_total.avg()')).toEqual([{ avg: 1100 }]);
    expect(await ok('/project_invoices?select=invoice_total.min()')).toEqual([{ min: 100 }]);
    expect(await ok('/project_invoices?select=invoice_total.max()')).toEqual([{ max: 4000 }]);
    expect(await ok('/project_invoices?select=invoice_total.count()')).toEqual([{ count: 8 }]);
    expect(await ok('/project_invoices?select=invoice_total.sum()&project_id=eq.3')).toEqual([{ sum: 3200 }]);
  });

  it('groups by the selected columns that are not aggregated, aliases included', async () => {
    const expected = [
      { sum: 4100, max: 4000, min: 100, project_id: 4 },
      { sum: 3200, max: 2000, min: 1200, project_id: 3 },
      { sum: 1200, max: 700, min: 500, project_id: 2 },
      { sum: 300, max: 200, min: 100, project_id: 1 },
    ];
    expect(
      await ok('/project_invoices?select=invoice_total.sum(),invoice_total.max(),invoice_total.min(),project_id&order=project_id.desc'),
    ).toEqual(expected);
    expect(
      await ok('/project_invoices?select=invoice_total.sum(),invoice_total.max(),invoice_total.min(),pid:project_id&order=project_id.desc'),
    ).toEqual(expected.map(({ project_id, ...rest }) => ({ ...rest, pid: project_id })));
    expect(await ok('/project_invoices?select=total_charged:invoice_total.sum()::text,project_id&order=project_id.desc&limit=2')).toEqual([
      { total_charged: '4100', project_id: 4 },
      { total_charged: '3200', project_id: 3 },
    ]);
  });

  it('casts the input of an aggregate, also on a JSON path', async () => {
    expect(await ok('/project_invoices?select=details->>key::integer.sum()')).toEqual([{ sum: 24 }]);
    expect(await ok('/project_invoices?select=s:details->>key::integer.sum()::text')).toEqual([{ s: '24' }]);
    expect(await ok('/project_invoices?select=invoice_total::int.max()::text')).toEqual([{ max: '4000' }]);
  });

  it('works through supabase-js, on function results and with Prefer: count', async () => {
    const { data, error } = await stack
      .anon()
      .from('project_invoices')
      .select('project_id, total:invoice_total.sum()')
      .order('project_id')
      .limit(1);
    expect(error).toBeNull();
    expect(data).toEqual([{ project_id: 1, total: 300 }]);
    expect(await ok('/rpc/all_projects?select=id.max()')).toEqual([{ max: 5 }]);
    const counted = await stack
      .anon()
      .from('project_invoices')
      .select('project_id, invoice_total.sum()', { count: 'exact' })
      .eq('project_id', 1);
    expect(counted.data).toEqual([{ project_id: 1, sum: 300 }]);
    // The total counts the rows that were aggregated, as PostgREST's count query does.
    expect(counted.count).toBe(2);
  });

  it('groups by an embedded to-one resource', async () => {
    expect(await ok('/project_invoices?select=project_id,total:invoice_total.sum(),projects(name)&order=project_id')).toEqual([
      { project_id: 1, total: 300, projects: { name: 'Windows 7' } },
      { project_id: 2, total: 1200, projects: { name: 'Windows 10' } },
      { project_id: 3, total: 3200, projects: { name: 'IOS' } },
      { project_id: 4, total: 4100, projects: { name: 'OSX' } },
    ]);
  });

  it('aggregates inside an embedded resource, one row per parent (nulls without rows)', async () => {
    expect(await ok('/projects?select=name,project_invoices(invoice_total.sum())&order=id')).toEqual([
      { name: 'Windows 7', project_invoices: [{ sum: 300 }] },
      { name: 'Windows 10', project_invoices: [{ sum: 1200 }] },
      { name: 'IOS', project_invoices: [{ sum: 3200 }] },
      { name: 'OSX', project_invoices: [{ sum: 4100 }] },
      { name: 'Orphan', project_invoices: [{ sum: null }] },
    ]);
    const all = await ok(
      '/projects?select=name,project_invoices(invoice_total.max(),invoice_total.min(),invoice_total.avg(),invoice_total.sum(),invoice_total.count())&id=in.(1,5)&order=id',
    );
    expect(all).toEqual([
      { name: 'Windows 7', project_invoices: [{ avg: 150, max: 200, min: 100, sum: 300, count: 2 }] },
      { name: 'Orphan', project_invoices: [{ avg: null, max: null, min: null, sum: null, count: 0 }] },
    ]);
    expect(await ok('/clients?select=name,projects(n:count())&order=id')).toEqual([
      { name: 'Microsoft', projects: [{ n: 2 }] },
      { name: 'Apple', projects: [{ n: 2 }] },
    ]);
  });

  it('aggregates the columns of a to-one spread at the parent, grouped by the spread columns', async () => {
    expect(
      await ok(
        '/budget_expenses?select=total_expenses:expense_amount.sum(),...budget_categories(budget_owner,total_budget:budget_amount.sum())&order=budget_categories(budget_owner)',
      ),
    ).toEqual([
      { total_expenses: 600.52, budget_owner: 'Brian Smith', total_budget: 2000.42 },
      { total_expenses: 100.22, budget_owner: 'Jane Clarkson', total_budget: 7000.41 },
      { total_expenses: 900.27, budget_owner: 'Sally Hughes', total_budget: 500.23 },
    ]);
    expect(await ok('/budget_expenses?select=...budget_categories(total_budget:budget_amount.sum())')).toEqual([{ total_budget: 9501.06 }]);
    expect(await ok('/processes?select=...process_costs(cost.sum()),...process_categories(name)&order=process_categories(name)')).toEqual([
      { sum: 400, name: 'Batch' },
      { sum: 350, name: 'Mass' },
    ]);
  });

  it('hoists aggregates through nested to-one spreads', async () => {
    expect(
      await ok(
        '/process_supervisor?select=...processes(factory_id,...process_costs(cost_sum:cost.sum()))&order=processes(factory_id).desc',
      ),
    ).toEqual([
      { factory_id: 3, cost_sum: 110 },
      { factory_id: 2, cost_sum: 500 },
      { factory_id: 1, cost_sum: 350 },
    ]);
    expect(await ok('/process_supervisor?select=...processes(factories(name),...process_costs(cost.sum()))')).toEqual(
      expect.arrayContaining([
        { factories: { name: 'Factory A' }, sum: 350 },
        { factories: { name: 'Factory B' }, sum: 500 },
        { factories: { name: 'Factory C' }, sum: 110 },
      ]),
    );
    expect(
      await ok(
        '/supervisors?select=name,process_supervisor(...processes(...process_costs(cost.sum()),...process_categories(name)))&id=in.(2,5)&order=id',
      ),
    ).toEqual([
      {
        name: 'John',
        process_supervisor: expect.arrayContaining([
          { name: 'Batch', sum: 70 },
          { name: 'Mass', sum: 200 },
        ]),
      },
      { name: 'Jane', process_supervisor: [] },
    ]);
  });

  it('counts rows of spread relationships with count()', async () => {
    expect(await ok('/process_supervisor?select=supervisor_id,...processes(count())&order=supervisor_id')).toEqual([
      { supervisor_id: 1, count: 2 },
      { supervisor_id: 2, count: 2 },
      { supervisor_id: 3, count: 3 },
      { supervisor_id: 4, count: 1 },
    ]);
    expect(
      await ok('/process_supervisor?select=...supervisors(supervisor:id,supervisor_count:count())&order=supervisors(supervisor)'),
    ).toEqual([
      { supervisor: 1, supervisor_count: 2 },
      { supervisor: 2, supervisor_count: 2 },
      { supervisor: 3, supervisor_count: 3 },
      { supervisor: 4, supervisor_count: 1 },
    ]);
    expect(
      await ok(
        '/process_supervisor?select=...processes(factory:factory_id,processes_count:count(),...process_costs(process_costs_count:count()))&order=processes(factory)',
      ),
    ).toEqual([
      { factory: 1, processes_count: 2, process_costs_count: 2 },
      { factory: 2, processes_count: 4, process_costs_count: 4 },
      { factory: 3, processes_count: 2, process_costs_count: 2 },
    ]);
  });

  it('refuses aggregates in a to-many spread (PGRST127)', async () => {
    expect(await getJson(stack, '/factories?select=name,...processes(name,id.sum())')).toEqual({
      status: 400,
      body: {
        code: 'PGRST127',
        message: 'Feature not implemented',
        details: 'Aggregates are not implemented for one-to-many or many-to-many spreads.',
        hint: null,
      },
    });
  });

  it('refuses every aggregate when they are disabled, as hosted Supabase does by default (PGRST123)', async () => {
    stack.config.restAggregates = false;
    try {
      const denied = {
        status: 400,
        body: { code: 'PGRST123', message: 'Use of aggregate functions is not allowed', details: null, hint: null },
      };
      for (const path of [
        '/project_invoices?select=invoice_total.sum()',
        '/projects?select=count()',
        '/projects?select=name,project_invoices(invoice_total.sum())',
        '/project_invoices?select=...projects(id.count())',
        '/factories?select=...processes(id.count())',
        '/rpc/all_projects?select=id.max()',
      ])
        expect(await getJson(stack, path), path).toEqual(denied);
      // The old `count` column form is plain SQL, not an aggregate function.
      expect(await ok('/clients?select=name,projects(count)&id=eq.1')).toEqual([{ name: 'Microsoft', projects: [{ count: 2 }] }]);
    } finally {
      stack.config.restAggregates = true;
    }
  });
});
