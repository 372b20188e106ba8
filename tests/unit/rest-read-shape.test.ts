import { describe, expect, it } from 'vitest';
import { fillTemplate, readShape, templateOf } from '@/supabase/local/rest/read-shape.ts';

const shapeOf = (query: string) => readShape(new URLSearchParams(query));

describe('REST read shapes', () => {
  it('gives requests that differ only in comparison values one key, and keeps the values in order', () => {
    const a = shapeOf('select=*&id=eq.7f3e&price=not.gt.10&order=name.asc');
    const b = shapeOf('select=*&id=eq.91aa&price=not.gt.2.5&order=name.asc');
    expect(a.key).toBe(b.key);
    expect(a.values).toEqual(['7f3e', '10']);
    expect(b.values).toEqual(['91aa', '2.5']);
    expect(shapeOf('select=*&id=neq.7f3e&order=name.asc').key).not.toBe(a.key);
    expect(shapeOf('select=*&id=eq.7f3e&price=not.gt.10&order=name.desc').key).not.toBe(a.key);
  });

  it('leaves every other value in the key: lists, patterns, is, quantified comparisons, logic trees, order, limits', () => {
    const query =
      'select=id,tags&id=in.(1,2)&name=like.*a*&price=is.null&pages=eq(any).{1,2}&or=(id.eq.1,id.eq.2)' +
      '&order=eq.desc&author.limit=eq.5&author.or=(id.eq.3)&on_conflict=eq.x';
    const shape = shapeOf(query);
    expect(shape.values).toEqual([]);
    expect(shapeOf(query.replace('(1,2)', '(1,3)')).key).not.toBe(shape.key);
  });

  it('never gives two different query strings one key, whatever their values contain', () => {
    const keys = ['a=b%00c%3Dd', 'a=b%26c%3Dd', 'a=b&c=d', 'a=eq.1&b=eq.2', 'a=eq.1%26b%3Deq.2', 'a=%7B%7D', 'a=eq.%7B%7D&b=1'].map(
      (query) => shapeOf(query).key,
    );
    expect(new Set(keys).size).toBe(keys.length);
    // A value that looks like a placeholder is a value like any other.
    const shape = shapeOf('id=eq.%000%00&name=like.%000%00');
    expect(templateOf({ sql: 'SELECT', params: ['\u00000\u0000', '\u00000\u0000'] }, shape)).toBeNull();
  });

  it('treats a comparison on an embedded resource or a JSON path as a filter', () => {
    expect(shapeOf('author.id=eq.4').values).toEqual(['4']);
    expect(shapeOf('data->>a.b=lte.9').values).toEqual(['9']);
  });

  it('makes a template only of a plan in which every placeholder came back as whole parameters', () => {
    const shape = shapeOf('id=eq.5&pages=gte.100');
    const [id, pages] = [...shape.withPlaceholders().values()].map((v) => v.slice(v.indexOf('.') + 1));
    const plan = { sql: 'SELECT … WHERE id = $2::int AND pages >= $3::int OR id = $4::int', params: ['x', id, pages, id] };
    const template = templateOf(plan, shape)!;
    expect(template.slots).toEqual([[1, 3], [2]]);
    const filled = fillTemplate(template, ['8', '250']);
    expect(filled.params).toEqual(['x', '8', '250', '8']);
    expect(filled.sql).toBe(plan.sql);
    expect(plan.params).toEqual(['x', id, pages, id]);

    expect(templateOf({ sql: 'SELECT', params: [`{${id}}`, pages] }, shape)).toBeNull();
    expect(templateOf({ sql: 'SELECT', params: [id] }, shape)).toBeNull();
    expect(templateOf({ sql: `SELECT '${id}'`, params: [id, pages] }, shape)).toBeNull();
    expect(templateOf({ sql: 'SELECT', params: [id, pages], countSql: `SELECT ${pages}` }, shape)).toBeNull();
  });
});
