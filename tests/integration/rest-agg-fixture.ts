import { expect } from 'vitest';
import type { UntypedTestStack } from '../helpers/stack.ts';
import { rawFetch } from './rest-fixture.ts';

/** PostgREST's own aggregate and spread test data (clients/projects/invoices, budgets, factories and processes). */
const AGG_FIXTURE_SQL = `
create table clients (id int primary key, name text);
create table projects (id int primary key, name text, client_id int references clients(id));
create table project_invoices (id int primary key, invoice_total numeric, project_id int references projects(id), details jsonb);
create table budget_categories (id int primary key, category_name text, budget_owner text, budget_amount numeric);
create table budget_expenses (id int primary key, expense_amount numeric, budget_category_id int references budget_categories(id));
create table factories (id int primary key, name text);
create table process_categories (id int primary key, name text);
create table processes (id int primary key, name text, factory_id int references factories(id), category_id int references process_categories(id));
create table process_costs (process_id int primary key references processes(id), cost numeric);
create table supervisors (id int primary key, name text);
create table process_supervisor (
  process_id int references processes(id),
  supervisor_id int references supervisors(id),
  primary key (process_id, supervisor_id)
);
create function all_projects() returns setof projects language sql stable as $$ select * from projects $$;
grant all on all tables in schema public to anon, authenticated, service_role;
grant execute on all functions in schema public to anon, authenticated, service_role;

insert into clients values (1, 'Microsoft'), (2, 'Apple');
insert into projects values (1, 'Windows 7', 1), (2, 'Windows 10', 1), (3, 'IOS', 2), (4, 'OSX', 2), (5, 'Orphan', null);
insert into project_invoices values
  (1, 100, 1, '{"key": 1}'), (2, 200, 1, '{"key": 2}'), (3, 500, 2, '{"key": 3}'), (4, 700, 2, '{"key": 4}'),
  (5, 1200, 3, '{"key": 5}'), (6, 2000, 3, '{"key": 6}'), (7, 100, 4, '{}'), (8, 4000, 4, '{"key": 3}');
insert into budget_categories values
  (1, 'Beanie Babies', 'Brian Smith', 1000.31), (2, 'DVDs', 'Jane Clarkson', 2000.12), (3, 'Pizza', 'Brian Smith', 1000.11),
  (4, 'Opera Tickets', 'Jane Clarkson', 7000.41), (5, 'Nuclear Fusion Research', 'Sally Hughes', 500.23), (6, 'T-5hirts', 'Dana de Groot', 500.33);
insert into budget_expenses values (1, 200.26, 1), (2, 400.26, 3), (3, 100.22, 4), (5, 900.27, 5);
insert into factories values (1, 'Factory A'), (2, 'Factory B'), (3, 'Factory C'), (4, 'Factory D');
insert into process_categories values (1, 'Batch'), (2, 'Mass');
insert into processes values
  (1, 'Process A1', 1, 1), (2, 'Process A2', 1, 2), (3, 'Process B1', 2, 1), (4, 'Process B2', 2, 1),
  (5, 'Process C1', 3, 2), (6, 'Process C2', 3, 2), (7, 'Process XX', 3, 2), (8, 'Process YY', 3, 2);
insert into process_costs values (1, 150.00), (2, 200.00), (3, 180.00), (4, 70.00), (5, 40.00), (6, 70.00), (8, 40.00);
insert into supervisors values (1, 'Mary'), (2, 'John'), (3, 'Peter'), (4, 'Sarah'), (5, 'Jane');
insert into process_supervisor values (1, 1), (2, 2), (3, 3), (3, 4), (4, 1), (4, 2), (5, 3), (6, 3);
`;

export async function setupAggregateFixture(stack: UntypedTestStack): Promise<void> {
  await stack.db.exec(AGG_FIXTURE_SQL);
}

/** GET /rest/v1<path>: status and parsed body. */
export async function getJson(stack: UntypedTestStack, path: string): Promise<{ status: number; body: unknown }> {
  const res = await rawFetch(stack, path);
  return { status: res.status, body: await res.json() };
}

/** GET /rest/v1<path> that must answer 200: its parsed body. */
export async function okJson(stack: UntypedTestStack, path: string): Promise<unknown> {
  const { status, body } = await getJson(stack, path);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}
