import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type UntypedTestStack } from '../helpers/stack.ts';
import { getJson, setupEmbedsFixture } from './rest-embeds-fixture.ts';

// Resource embedding as current PostgREST resolves it: computed relationships, FK names and
// columns as targets, self-references, and the 300 PGRST201 / 400 PGRST200 answers.
let stack: UntypedTestStack;
beforeAll(async () => {
  stack = await startTestStack();
  await setupEmbedsFixture(stack);
});
afterAll(async () => {
  await stack?.close();
});

const get = (path: string, headers?: Record<string, string>) => getJson(stack, path, headers);

const civs = [
  { name: 'Civilization I', designer: { name: 'Sid Meier' } },
  { name: 'Civilization II', designer: { name: 'Sid Meier' } },
  { name: 'Final Fantasy I', designer: { name: 'Hironobu Sakaguchi' } },
  { name: 'Final Fantasy II', designer: { name: 'Hironobu Sakaguchi' } },
];
const byDesigner = [
  { name: 'Sid Meier', videogames: [{ name: 'Civilization I' }, { name: 'Civilization II' }] },
  { name: 'Hironobu Sakaguchi', videogames: [{ name: 'Final Fantasy I' }, { name: 'Final Fantasy II' }] },
];

describe('computed relationships', () => {
  it('embeds a to-one function (SETOF with ROWS 1, or a single row) and a to-many function', async () => {
    expect(await get('/videogames?select=name,designer:computed_designers(name)&order=id')).toMatchObject({ status: 200, body: civs });
    expect(await get('/videogames?select=name,designer:computed_designers_noset(name)&order=id')).toMatchObject({
      status: 200,
      body: civs,
    });
    const { data, error } = await stack.anon().from('designers').select('name, videogames:computed_videogames(name)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual(byDesigner);
  });

  it('applies embedded filters, order and limit, and works with !inner and count=exact', async () => {
    const ordered = await get(
      '/designers?select=name,vg:computed_videogames(name)&vg.order=name.desc&vg.limit=1&vg.name=like.*I*&order=id',
    );
    expect(ordered.body).toEqual([
      { name: 'Sid Meier', vg: [{ name: 'Civilization II' }] },
      { name: 'Hironobu Sakaguchi', vg: [{ name: 'Final Fantasy II' }] },
    ]);
    const inner = await get('/designers?select=name,videogames:computed_videogames!inner(name)&videogames.name=eq.Civilization%20I', {
      Prefer: 'count=exact',
    });
    expect(inner).toEqual({ status: 200, range: '0-0/1', body: [{ name: 'Sid Meier', videogames: [{ name: 'Civilization I' }] }] });
    for (const fn of ['computed_designers', 'computed_designers_noset']) {
      const one = await get(`/videogames?select=name,designer:${fn}!inner(name)&designer.name=like.*Hironobu*&order=id`, {
        Prefer: 'count=exact',
      });
      expect(one).toEqual({ status: 200, range: '0-1/2', body: civs.slice(2) });
    }
  });

  it('orders by a to-one computed relationship and filters on its absence', async () => {
    const { body } = await get('/videogames?select=name,designer:computed_designers(name)&order=designer(name).asc,id.desc');
    expect((body as { name: string }[]).map((r) => r.name)).toEqual([
      'Final Fantasy II',
      'Final Fantasy I',
      'Civilization II',
      'Civilization I',
    ]);
    const none = await get('/web_content?select=name,parent:parent_web_content(name)&parent=is.null');
    expect(none.body).toEqual([{ name: 'wat', parent: null }]);
  });

  it('embeds from function results and from mutation results', async () => {
    expect(await get('/rpc/getallvideogames?select=name,designer:computed_designers(name)&order=id')).toMatchObject({ body: civs });
    const db = stack.service();
    const inserted = await db
      .from('videogames')
      .insert({ id: 5, name: 'Chrono Trigger', designer_id: 2 })
      .select('name, designer:computed_designers(name)');
    expect(inserted).toMatchObject({ status: 201, data: [{ name: 'Chrono Trigger', designer: { name: 'Hironobu Sakaguchi' } }] });
    const patched = await db
      .from('designers')
      .update({ name: 'Sidney K. Meier' })
      .eq('id', 1)
      .select('name, videogames:computed_videogames(name)');
    expect(patched.data).toEqual([{ name: 'Sidney K. Meier', videogames: byDesigner[0]!.videogames }]);
    const deleted = await db.from('videogames').delete().eq('id', 5).select('name, designer:computed_designers(name)');
    expect(deleted.data).toEqual([{ name: 'Chrono Trigger', designer: { name: 'Hironobu Sakaguchi' } }]);
    await db.from('designers').update({ name: 'Sid Meier' }).eq('id', 1);
  });

  it('nests under ordinary and computed embeds, and spreads a to-one one', async () => {
    const nested = await get(
      '/clients?select=name,projects(name,tasks(name))&id=eq.1&projects.order=id&projects.tasks.order=id&projects.tasks.limit=1',
    );
    expect(nested.body).toEqual([
      {
        name: 'Microsoft',
        projects: [
          { name: 'Windows 7', tasks: [{ name: 'Design w7' }] },
          { name: 'Windows 10', tasks: [{ name: 'Design w10' }] },
        ],
      },
    ]);
    const deep = await get('/designers?select=name,games:computed_videogames(name,by:computed_designers(name))&id=eq.2&games.order=id');
    expect(deep.body).toEqual([
      {
        name: 'Hironobu Sakaguchi',
        games: [
          { name: 'Final Fantasy I', by: { name: 'Hironobu Sakaguchi' } },
          { name: 'Final Fantasy II', by: { name: 'Hironobu Sakaguchi' } },
        ],
      },
    ]);
    const spread = await get('/videogames?select=name,...computed_designers(designer:name)&id=eq.1');
    expect(spread.body).toEqual([{ name: 'Civilization I', designer: 'Sid Meier' }]);
  });

  it('works on self joins', async () => {
    const res = await get(
      '/web_content?select=name,child_web_content(name),parent_web_content(name)&id=in.(0,1)&order=id&child_web_content.order=id',
    );
    expect(res.body).toEqual([
      { name: 'tardis', child_web_content: [{ name: 'fezz' }, { name: 'foo' }, { name: 'bar' }], parent_web_content: { name: 'wat' } },
      { name: 'fezz', child_web_content: [{ name: 'wut' }], parent_web_content: { name: 'tardis' } },
    ]);
  });

  it('a function named like a table replaces the foreign-key relationships to it', async () => {
    expect(await get('/videogames?select=*,designers!inner(*)')).toEqual({ status: 200, range: '*/*', body: [] });
    expect(await get('/designers?select=*,videogames!inner(*)')).toMatchObject({ status: 200, body: [] });
    // two one-to-one keys would be ambiguous without the functions
    expect(await get('/first_1?select=*,second_1(*)')).toMatchObject({ status: 200, body: [{ id: 1, second_1: { id: 1, name: 'uno' } }] });
    expect(await get('/second_1?select=*,first_1(id)')).toMatchObject({ status: 200, body: [{ id: 1, name: 'uno', first_1: { id: 1 } }] });
    expect((await get('/first?select=*,second(*)')).status).toBe(300);
  });

  it('keeps !inner filtering when the embed selects nothing', async () => {
    const res = await get('/designers?select=name,vg:computed_videogames!inner()&vg.name=eq.Final%20Fantasy%20I');
    expect(res.status).toBe(200);
    expect((res.body as { name: string }[]).map((r) => r.name)).toEqual(['Hironobu Sakaguchi']);
    const fk = await get('/projects?select=name,clients!inner()&clients.name=eq.Apple&order=id');
    expect((fk.body as { name: string }[]).map((r) => r.name)).toEqual(['IOS', 'OSX']);
  });
});

describe('embedding by foreign-key name or column', () => {
  it('embeds by constraint name and by FK column, aliased or not', async () => {
    const microsoft = { id: 1, name: 'Microsoft' };
    const apple = { id: 2, name: 'Apple' };
    expect((await get('/projects?id=in.(1,3)&select=id,name,client(id,name)&order=id')).body).toEqual([
      { id: 1, name: 'Windows 7', client: microsoft },
      { id: 3, name: 'IOS', client: apple },
    ]);
    expect((await get('/projects?id=in.(1,3)&select=id,client_id(id,name)&order=id')).body).toEqual([
      { id: 1, client_id: microsoft },
      { id: 3, client_id: apple },
    ]);
    const { data } = await stack.anon().from('projects').select('id, client_id, customer:client_id(name)').in('id', [1, 3]).order('id');
    expect(data).toEqual([
      { id: 1, client_id: 1, customer: { name: 'Microsoft' } },
      { id: 3, client_id: 2, customer: { name: 'Apple' } },
    ]);
    expect((await get('/clients?id=eq.1&select=id,projects:project_list!client(id,tasks(id))')).status).toBe(400);
    expect(
      (await get('/clients?id=eq.1&select=id,projects:projects!client(id,tasks(id))&projects.order=id&projects.tasks.order=id')).body,
    ).toEqual([
      {
        id: 1,
        projects: [
          { id: 1, tasks: [{ id: 1 }, { id: 2 }] },
          { id: 2, tasks: [{ id: 3 }, { id: 4 }] },
        ],
      },
    ]);
    // the constraint name reaches the children too
    expect((await get('/clients?id=eq.2&select=id,client(id)&client.order=id')).body).toEqual([{ id: 2, client: [{ id: 3 }, { id: 4 }] }]);
  });

  it('through a view hinted by constraint or column, and not by a constraint name alone', async () => {
    const res = await get('/tasks?id=eq.1&select=id,name,projects_view!project(id,name,client(id,name))');
    expect(res.body).toEqual([
      { id: 1, name: 'Design w7', projects_view: { id: 1, name: 'Windows 7', client: { id: 1, name: 'Microsoft' } } },
    ]);
    const col = await get('/tasks?id=eq.1&select=id,project:projects_view!project_id(id,client:client_id(name))');
    expect(col.body).toEqual([{ id: 1, project: { id: 1, client: { name: 'Microsoft' } } }]);
    // `project` as the target names the table's constraint only (views are reached by name)
    expect((await get('/tasks?id=eq.1&select=id,project(id)')).body).toEqual([{ id: 1, project: { id: 1 } }]);
  });

  it('two keys to the same table: by constraint, by column, mixed; ambiguous by table name', async () => {
    expect((await get('/orders?id=eq.1&select=id,name,billing(address),shipping(address)')).body).toEqual([
      { id: 1, name: 'order 1', billing: { address: 'address 1' }, shipping: { address: 'address 2' } },
    ]);
    expect((await get('/orders?id=eq.1&select=id,billing_address_id(id),shipping(id)')).body).toEqual([
      { id: 1, billing_address_id: { id: 1 }, shipping: { id: 2 } },
    ]);
    const { data } = await stack.anon().from('orders').select('id, ship:addresses!shipping_address_id(address)');
    expect(data).toEqual([{ id: 1, ship: { address: 'address 2' } }]);
    const ambiguous = await get('/orders?select=*,addresses(*)');
    expect(ambiguous).toMatchObject({
      status: 300,
      body: {
        code: 'PGRST201',
        details: [
          {
            cardinality: 'many-to-one',
            embedding: 'orders with addresses',
            relationship: 'billing using orders(billing_address_id) and addresses(id)',
          },
          {
            cardinality: 'many-to-one',
            embedding: 'orders with addresses',
            relationship: 'shipping using orders(shipping_address_id) and addresses(id)',
          },
        ],
        hint: "Try changing 'addresses' to one of the following: 'addresses!billing', 'addresses!shipping'. Find the desired relationship in the 'details' key.",
      },
    });
  });

  it('an unknown hint is PGRST200 naming it', async () => {
    expect(await get('/orders?select=id,a:addresses!space(id)')).toMatchObject({
      status: 400,
      body: {
        code: 'PGRST200',
        message: "Could not find a relationship between 'orders' and 'addresses' in the schema cache",
        details:
          "Searched for a foreign key relationship between 'orders' and 'addresses' using the hint 'space' in the schema 'public', but no matches were found.",
        hint: null,
      },
    });
  });
});
