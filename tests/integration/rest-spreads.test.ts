import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type UntypedTestStack } from '../helpers/stack.ts';
import { okJson, setupAggregateFixture } from './rest-agg-fixture.ts';

let stack: UntypedTestStack;
beforeAll(async () => {
  stack = await startTestStack();
  await setupAggregateFixture(stack);
});
afterAll(async () => {
  await stack?.close();
});

const ok = (path: string) => okJson(stack, path);

describe('rest spreads', () => {
  it('spreads a to-one relationship into typed columns, nested too', async () => {
    expect(await ok('/projects?select=id,...clients(client_name:name)&order=id')).toEqual([
      { id: 1, client_name: 'Microsoft' },
      { id: 2, client_name: 'Microsoft' },
      { id: 3, client_name: 'Apple' },
      { id: 4, client_name: 'Apple' },
      { id: 5, client_name: null },
    ]);
    expect(await ok('/project_invoices?select=id,...projects(project:name,...clients(client:name))&id=lte.2&order=id')).toEqual([
      { id: 1, project: 'Windows 7', client: 'Microsoft' },
      { id: 2, project: 'Windows 7', client: 'Microsoft' },
    ]);
    const { data, error } = await stack.anon().from('processes').select('name, ...process_costs(cost)').eq('id', 7);
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Process XX', cost: null }]);
    // Filtering on a spread: rows with or without the related row.
    expect(await ok('/processes?select=id,...process_costs(cost)&process_costs=is.null')).toEqual([{ id: 7, cost: null }]);
  });

  it('spreads a to-many relationship as one array per column', async () => {
    expect(await ok('/factories?select=factory:name,...processes(name,category_id)&order=name&processes.order=id')).toEqual([
      { factory: 'Factory A', name: ['Process A1', 'Process A2'], category_id: [1, 2] },
      { factory: 'Factory B', name: ['Process B1', 'Process B2'], category_id: [1, 1] },
      { factory: 'Factory C', name: ['Process C1', 'Process C2', 'Process XX', 'Process YY'], category_id: [2, 2, 2, 2] },
      { factory: 'Factory D', name: [], category_id: [] },
    ]);
    expect(await ok('/factories?select=factory:name,...processes(*)&id=eq.1&processes.order=id')).toEqual([
      { factory: 'Factory A', id: [1, 2], name: ['Process A1', 'Process A2'], factory_id: [1, 1], category_id: [1, 2] },
    ]);
  });

  it('nests spreads and embeds inside a to-many spread', async () => {
    const path = (select: string, extra = '') =>
      `/factories?select=factory:name,...processes(${select})&id=in.(2,3,4)&order=id&processes.order=id${extra}`;
    expect(await ok(path('process:name,...process_costs(costs:cost)'))).toEqual([
      { factory: 'Factory B', process: ['Process B1', 'Process B2'], costs: [180, 70] },
      { factory: 'Factory C', process: ['Process C1', 'Process C2', 'Process XX', 'Process YY'], costs: [40, 70, null, 40] },
      { factory: 'Factory D', process: [], costs: [] },
    ]);
    expect(await ok(path('...supervisors(supervisors:name)', '&processes.supervisors.order=name'))).toEqual([
      {
        factory: 'Factory B',
        supervisors: [
          ['Peter', 'Sarah'],
          ['John', 'Mary'],
        ],
      },
      { factory: 'Factory C', supervisors: [['Peter'], ['Peter'], [], []] },
      { factory: 'Factory D', supervisors: [] },
    ]);
    expect(await ok(path('process_costs(cost)'))).toEqual([
      { factory: 'Factory B', process_costs: [{ cost: 180 }, { cost: 70 }] },
      { factory: 'Factory C', process_costs: [{ cost: 40 }, { cost: 70 }, null, { cost: 40 }] },
      { factory: 'Factory D', process_costs: [] },
    ]);
  });

  it('orders, filters and inner-joins a to-many spread', async () => {
    expect(
      await ok('/factories?select=name,...processes(process:name)&processes.order=category_id.asc,name.desc&id=lte.2&order=id'),
    ).toEqual([
      { name: 'Factory A', process: ['Process A1', 'Process A2'] },
      { name: 'Factory B', process: ['Process B2', 'Process B1'] },
    ]);
    expect(
      await ok('/factories?select=name,...processes(process:name,...process_costs(cost))&processes.order=process_costs(cost),id&id=eq.3'),
    ).toEqual([{ name: 'Factory C', process: ['Process C1', 'Process YY', 'Process C2', 'Process XX'], cost: [40, 40, 70, null] }]);
    expect(
      await ok('/supervisors?select=supervisor:name,...processes(name)&processes.name=not.like.*1&order=name&processes.order=name'),
    ).toEqual([
      { supervisor: 'Jane', name: [] },
      { supervisor: 'John', name: ['Process A2', 'Process B2'] },
      { supervisor: 'Mary', name: ['Process B2'] },
      { supervisor: 'Peter', name: ['Process C2'] },
      { supervisor: 'Sarah', name: [] },
    ]);
    const nonEmpty = [
      { factory: 'Factory A', name: ['Process A1', 'Process A2'] },
      { factory: 'Factory B', name: ['Process B1', 'Process B2'] },
      { factory: 'Factory C', name: ['Process C1', 'Process C2', 'Process XX', 'Process YY'] },
    ];
    expect(await ok('/factories?select=factory:name,...processes!inner(name)&order=name&processes.order=name')).toEqual(nonEmpty);
    expect(await ok('/factories?select=factory:name,...processes(name)&processes=not.is.null&order=name&processes.order=name')).toEqual(
      nonEmpty,
    );
    expect(await ok('/factories?select=factory:name,...processes(name)&processes=is.null')).toEqual([{ factory: 'Factory D', name: [] }]);
  });

  it('adds no key for empty embeds and spreads, which still filter', async () => {
    expect(await ok('/factories?select=factory:name,...processes()&order=id')).toEqual([
      { factory: 'Factory A' },
      { factory: 'Factory B' },
      { factory: 'Factory C' },
      { factory: 'Factory D' },
    ]);
    expect(await ok('/clients?select=name,projects!inner()&projects.name=eq.IOS')).toEqual([{ name: 'Apple' }]);
    const { data, error } = await stack.anon().from('factories').select('name, processes!inner()').eq('processes.name', 'Process B1');
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Factory B' }]);
    expect(await ok('/project_invoices?select=id,...projects(name,...clients())&id=eq.1')).toEqual([{ id: 1, name: 'Windows 7' }]);
    expect(await ok('/projects?select=id,clients(projects())&id=eq.5')).toEqual([{ id: 5 }]);
  });
});
