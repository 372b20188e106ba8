import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type UntypedTestStack } from '../helpers/stack.ts';
import { getJson, setupEmbedsFixture } from './rest-embeds-fixture.ts';

// Which relationship an embed means when several could: self-references, many-to-many through
// tables and views, and the candidates PGRST201 lists (in PostgREST's order).
let stack: UntypedTestStack;
beforeAll(async () => {
  stack = await startTestStack();
  await setupEmbedsFixture(stack);
});
afterAll(async () => {
  await stack?.close();
});

const get = (path: string, headers?: Record<string, string>) => getJson(stack, path, headers);

describe('self-referencing relationships', () => {
  it('parent by FK column, children by table name hinted by the FK column', async () => {
    expect((await get('/family_tree?id=in.(3,4)&select=id,parent:parent_id(id,name,grandparent:parent_id(id))&order=id')).body).toEqual([
      { id: '3', parent: { id: '1', name: 'Parental Unit', grandparent: null } },
      { id: '4', parent: { id: '2', name: 'Kid One', grandparent: { id: '1' } } },
    ]);
    const kids = await get(
      '/family_tree?id=eq.1&select=id,children:family_tree!parent_id(id,grandkids:family_tree!parent_id(id))&children.order=id',
    );
    expect(kids.body).toEqual([
      {
        id: '1',
        children: [
          { id: '2', grandkids: [{ id: '4' }] },
          { id: '3', grandkids: [{ id: '5' }] },
        ],
      },
    ]);
    const { data } = await stack.anon().from('family_tree').select('id, family_tree(id)').eq('id', '2');
    expect(data).toEqual([{ id: '2', family_tree: [{ id: '4' }] }]);
    // a constraint name does not select a self-reference
    expect((await get('/family_tree?select=id,family_tree_parent_id_fkey(id)')).status).toBe(400);
  });

  it('two self-references: parents by column, children by hint, ambiguous without', async () => {
    expect((await get('/organizations?select=id,referee(id,name),auditor(id,name)&id=eq.3')).body).toEqual([
      { id: 3, referee: { id: 1, name: 'Referee Org' }, auditor: { id: 2, name: 'Auditor Org' } },
    ]);
    const chain = await get(
      '/organizations?select=name,auditees:organizations!auditor(name,refereeds:organizations!referee(name))&id=eq.2',
    );
    expect(chain.body).toEqual([
      {
        name: 'Auditor Org',
        auditees: [
          { name: 'Acme', refereeds: [{ name: 'Cyberdyne' }] },
          { name: 'Umbrella', refereeds: [] },
        ],
      },
    ]);
    expect(await get('/organizations?select=*,organizations(*)')).toMatchObject({
      status: 300,
      body: {
        details: [
          {
            cardinality: 'one-to-many',
            embedding: 'organizations with organizations',
            relationship: 'organizations_auditor_fkey using organizations(id) and organizations(auditor)',
          },
          {
            cardinality: 'one-to-many',
            embedding: 'organizations with organizations',
            relationship: 'organizations_referee_fkey using organizations(id) and organizations(referee)',
          },
        ],
      },
    });
  });

  it('a circular reference lists one-to-many before many-to-one', async () => {
    expect(await get('/agents?select=*,departments(*)')).toMatchObject({
      status: 300,
      body: {
        code: 'PGRST201',
        details: [
          {
            cardinality: 'one-to-many',
            relationship: 'departments_head_id_fkey using agents(id) and departments(head_id)',
            embedding: 'agents with departments',
          },
          {
            cardinality: 'many-to-one',
            relationship: 'agents_department_id_fkey using agents(department_id) and departments(id)',
            embedding: 'agents with departments',
          },
        ],
        hint: "Try changing 'departments' to one of the following: 'departments!departments_head_id_fkey', 'departments!agents_department_id_fkey'. Find the desired relationship in the 'details' key.",
      },
    });
  });
});

describe('many-to-many and ambiguity', () => {
  it('many-to-one and many-to-many (table and view junctions) to one target', async () => {
    const ambiguous = await get('/sites?select=*,big_projects(*)');
    // byte for byte PostgREST's body (its Content-Length is 828): same keys in the same order
    expect(JSON.stringify(ambiguous.body)).toHaveLength(828);
    expect(ambiguous).toEqual({
      status: 300,
      range: null,
      body: {
        code: 'PGRST201',
        details: [
          {
            cardinality: 'many-to-one',
            relationship: 'main_project using sites(main_project_id) and big_projects(big_project_id)',
            embedding: 'sites with big_projects',
          },
          {
            cardinality: 'many-to-many',
            relationship: 'jobs using jobs_site_id_fkey(site_id) and jobs_big_project_id_fkey(big_project_id)',
            embedding: 'sites with big_projects',
          },
          {
            cardinality: 'many-to-many',
            relationship: 'main_jobs using jobs_site_id_fkey(site_id) and jobs_big_project_id_fkey(big_project_id)',
            embedding: 'sites with big_projects',
          },
        ],
        hint: "Try changing 'big_projects' to one of the following: 'big_projects!main_project', 'big_projects!jobs', 'big_projects!main_jobs'. Find the desired relationship in the 'details' key.",
        message: "Could not embed because more than one relationship was found for 'sites' and 'big_projects'",
      },
    });
    expect((await get('/sites?select=name,main_project(name)&site_id=eq.1')).body).toEqual([
      { name: 'site 1', main_project: { name: 'big project 1' } },
    ]);
    expect((await get('/sites?select=name,main_project_id(name)&site_id=eq.1')).body).toEqual([
      { name: 'site 1', main_project_id: { name: 'big project 1' } },
    ]);
    const jobs = await get('/sites?select=site_id,big_projects!jobs(name)&order=site_id&big_projects.order=big_project_id');
    expect(jobs.body).toEqual([
      { site_id: 1, big_projects: [{ name: 'big project 1' }] },
      { site_id: 2, big_projects: [{ name: 'big project 1' }, { name: 'big project 2' }] },
    ]);
    const main = await get('/sites?select=site_id,big_projects!main_jobs(name)&order=site_id');
    expect(main.body).toEqual([
      { site_id: 1, big_projects: [{ name: 'big project 1' }] },
      { site_id: 2, big_projects: [] },
    ]);
  });

  it('a junction with two keys to each side lists the four pairs in order', async () => {
    const res = await get('/whatev_sites?select=*,whatev_projects(*)');
    const pair = (s: number, p: number) => ({
      cardinality: 'many-to-many',
      embedding: 'whatev_sites with whatev_projects',
      relationship: `whatev_jobs using whatev_jobs_site_id_${s}_fkey(site_id_${s}) and whatev_jobs_project_id_${p}_fkey(project_id_${p})`,
    });
    expect(res).toMatchObject({
      status: 300,
      body: {
        details: [pair(1, 1), pair(1, 2), pair(2, 1), pair(2, 2)],
        hint: expect.stringContaining("'whatev_projects!whatev_jobs', 'whatev_projects!whatev_jobs'"),
      },
    });
    expect(await get('/whatev_sites?select=*,whatev_jobs!site_id_1(...whatev_projects!project_id_2(*))')).toMatchObject({
      status: 200,
      body: [],
    });
  });

  it('two one-to-one keys are ambiguous', async () => {
    expect(await get('/first?select=second(*)')).toMatchObject({
      status: 300,
      body: {
        details: [
          {
            cardinality: 'one-to-one',
            embedding: 'first with second',
            relationship: 'first_second_id_1_fkey using first(second_id_1) and second(id)',
          },
          {
            cardinality: 'one-to-one',
            embedding: 'first with second',
            relationship: 'first_second_id_2_fkey using first(second_id_2) and second(id)',
          },
        ],
      },
    });
  });

  it("PGRST200's suggestion considers many-to-many targets", async () => {
    expect(await get('/actors?select=*,film(*)')).toMatchObject({
      status: 400,
      body: { code: 'PGRST200', hint: "Perhaps you meant 'films' instead of 'film'." },
    });
    expect((await get('/actors?select=name,films(title)')).body).toEqual([{ name: 'john', films: [{ title: 'douze commandements' }] }]);
    expect(await get('/actor?select=*,films(*)')).toMatchObject({ status: 404 });
    expect(await get('/designers?select=*,computed_videogame(*)')).toMatchObject({
      status: 400,
      body: { hint: "Perhaps you meant 'videogames' instead of 'computed_videogame'." },
    });
  });

  it('a view repeating a key column gives one relationship per repetition', async () => {
    for (const path of ['/i2459_simple_v1?select=*,i2459_simple_v2!t1_id1(*)', '/i2459_simple_v2?select=*,i2459_simple_v1!t1_id2(*)']) {
      expect(await get(path)).toMatchObject({ status: 200, body: [] });
    }
    expect((await get('/i2459_simple_v1?select=*,i2459_simple_v2(*)')).status).toBe(300);
    const res = await get('/i2459_composite_v2?select=*,i2459_composite_v1(*)');
    const via = (a: number, b: number) => ({
      cardinality: 'many-to-one',
      embedding: 'i2459_composite_v2 with i2459_composite_v1',
      relationship: `i2459_composite_t2_t1_a_t1_b_fkey using i2459_composite_v2(t1_a${a}, t1_b${b}) and i2459_composite_v1(a, b)`,
    });
    expect(res).toMatchObject({ status: 300, body: { details: [via(1, 1), via(1, 2), via(2, 1), via(2, 2)] } });
  });
});
