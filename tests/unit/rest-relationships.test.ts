import { describe, expect, it } from 'vitest';
import { embedSource, resolveRelationship } from '@/supabase/local/rest/relationships.ts';
import type { DbFunction, ForeignKey, Relation, SchemaCache } from '@/supabase/local/rest/schema.ts';

function relation(name: string, pk: string[], kind = 'r', uniques: string[][] = []): Relation {
  return { schema: 'public', name, kind, columns: new Map(), columnList: [], pk, uniques: pk.length ? [pk, ...uniques] : uniques };
}
const fk = (name: string, table: string, columns: string[], refTable: string, refColumns = ['id']): ForeignKey => ({
  name,
  table,
  columns,
  refTable,
  refColumns,
});
function computed(name: string, arg: string, ret: string, retSet: boolean, rows = retSet ? 1000 : 0): DbFunction {
  const a = { name: '', type: arg, mode: 'i' };
  return {
    schema: 'public',
    name,
    args: [a],
    inArgs: [a],
    nDefaults: 0,
    retType: ret,
    retSet,
    rows,
    volatility: 's',
    retRel: ret,
    outColumns: [],
  };
}
function schema(relations: Relation[], foreignKeys: ForeignKey[], functions: DbFunction[] = []): SchemaCache {
  const fns = new Map<string, DbFunction[]>();
  for (const f of functions) fns.set(f.name, [...(fns.get(f.name) ?? []), f]);
  return { name: 'public', relations: new Map(relations.map((r) => [r.name, r])), foreignKeys, functions: fns };
}
function error(fn: () => unknown): { code: string; details: unknown; hint: unknown } {
  try {
    fn();
  } catch (e) {
    return e as { code: string; details: unknown; hint: unknown };
  }
  throw new Error('expected an error');
}

const tree = schema(
  [relation('tree', ['id']), relation('people', ['id']), relation('people_view', ['id'], 'v')],
  [
    fk('tree_parent_id_fkey', 'tree', ['parent_id'], 'tree'),
    fk('owner', 'tree', ['owner_id'], 'people'),
    fk('owner', 'tree', ['owner_id'], 'people_view'),
  ],
);

describe('resolveRelationship', () => {
  it('a self-reference: children by table name or hinted by their FK column, the parent by the FK column', () => {
    const tbl = tree.relations.get('tree')!;
    expect(resolveRelationship(tree, tbl, 'tree').cardinality).toBe('o2m');
    expect(resolveRelationship(tree, tbl, 'tree', 'parent_id').cardinality).toBe('o2m');
    expect(resolveRelationship(tree, tbl, 'parent_id').cardinality).toBe('m2o');
    expect(error(() => resolveRelationship(tree, tbl, 'tree_parent_id_fkey')).code).toBe('PGRST200');
    expect(error(() => resolveRelationship(tree, tbl, 'tree', 'tree_parent_id_fkey')).code).toBe('PGRST200');
  });

  it('a constraint or column as the target reaches tables, not views', () => {
    const tbl = tree.relations.get('tree')!;
    expect(resolveRelationship(tree, tbl, 'owner').target.name).toBe('people');
    expect(resolveRelationship(tree, tbl, 'owner_id').target.name).toBe('people');
    expect(resolveRelationship(tree, tbl, 'people_view', 'owner').target.name).toBe('people_view');
  });

  it('a function named like a table replaces the FK relationships to it; ROWS 1 makes it to-one', () => {
    const s = schema(
      [relation('a', ['id']), relation('b', ['id'])],
      [fk('a_b_id_fkey', 'a', ['b_id'], 'b')],
      [computed('b', 'a', 'b', true, 1), computed('many_b', 'public.a', 'b', true)],
    );
    const a = s.relations.get('a')!;
    const r = resolveRelationship(s, a, 'b');
    expect(r).toMatchObject({ cardinality: 'computed', toOne: true });
    expect(embedSource(r, 'p', 'c', 'j')).toEqual({ from: '"public"."b"(("p".*)::"public"."a") AS "c"', where: [] });
    expect(resolveRelationship(s, a, 'many_b')).toMatchObject({ cardinality: 'computed', toOne: false });
    // the replaced relationship is gone: its constraint name no longer reaches the table
    expect(error(() => resolveRelationship(s, a, 'a_b_id_fkey')).code).toBe('PGRST200');
    const hint = error(() => resolveRelationship(s, a, 'bb')).hint;
    expect(hint).toBe("Perhaps you meant 'b' instead of 'bb'.");
  });

  it('lists ambiguous candidates one-to-many, many-to-one, one-to-one, many-to-many, then by name', () => {
    const s = schema(
      [relation('x', ['id']), relation('y', ['id']), relation('j', ['x_id', 'y_id']), relation('k', ['x_id', 'y_id'])],
      [
        fk('y_x_fk', 'y', ['x_id'], 'x'),
        fk('x_y_fk', 'x', ['y_id'], 'y'),
        fk('j_x', 'j', ['x_id'], 'x'),
        fk('j_y', 'j', ['y_id'], 'y'),
        fk('k_x', 'k', ['x_id'], 'x'),
        fk('k_y', 'k', ['y_id'], 'y'),
      ],
    );
    const e = error(() => resolveRelationship(s, s.relations.get('x')!, 'y'));
    expect(e.code).toBe('PGRST201');
    expect((e.details as { relationship: string }[]).map((d) => d.relationship)).toEqual([
      'y_x_fk using x(id) and y(x_id)',
      'x_y_fk using x(y_id) and y(id)',
      'j using j_x(x_id) and j_y(y_id)',
      'k using k_x(x_id) and k_y(y_id)',
    ]);
    expect(e.hint).toBe(
      "Try changing 'y' to one of the following: 'y!y_x_fk', 'y!x_y_fk', 'y!j', 'y!k'. Find the desired relationship in the 'details' key.",
    );
    expect(resolveRelationship(s, s.relations.get('x')!, 'y', 'k')).toMatchObject({ cardinality: 'm2m' });
  });
});
