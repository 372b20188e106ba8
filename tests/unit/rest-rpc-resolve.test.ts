import { describe, expect, it } from 'vitest';
import { ApiError } from '@/supabase/local/rest/errors.ts';
import { isQueryArg, postArgs } from '@/supabase/local/rest/rpc-args.ts';
import { isCallable, resolveFunction } from '@/supabase/local/rest/rpc.ts';
import type { DbFunction } from '@/supabase/local/rest/schema.ts';

const fn = (params: [string, string][], nDefaults = 0): DbFunction => {
  const args = params.map(([name, type]) => ({ name, type, mode: 'i' }));
  return {
    schema: 'public',
    name: 'f',
    args,
    inArgs: args,
    nDefaults,
    retType: 'integer',
    retSet: false,
    rows: 0,
    volatility: 'i',
    retRel: null,
    outColumns: [],
  };
};

const resolve = (fns: DbFunction[], body: string, contentType = 'application/json') =>
  resolveFunction(fns, 'f', postArgs(contentType, body, undefined), ['f']);

const thrown = (f: () => unknown): ApiError => {
  try {
    f();
  } catch (e) {
    if (e instanceof ApiError) return e;
  }
  throw new Error('expected an ApiError');
};

describe('rpc overload resolution', () => {
  const none = fn([]);
  const xy = fn([
    ['x', 'integer'],
    ['y', 'integer'],
  ]);
  const json = fn([['', 'json']]);
  const text = fn([['', 'text']]);

  it('matches the exact set of names, defaults optional', () => {
    const withDefault = fn(
      [
        ['a', 'integer'],
        ['b', 'text'],
      ],
      1,
    );
    expect(resolve([withDefault], '{"a":1}')).toBe(withDefault);
    expect(resolve([withDefault], '{"a":1,"b":"x"}')).toBe(withDefault);
    expect(thrown(() => resolve([withDefault], '{"b":"x"}')).code).toBe('PGRST202');
    expect(thrown(() => resolve([xy], '{"x":1}')).code).toBe('PGRST202');
    expect(thrown(() => resolve([xy], '{"x":1,"y":2,"z":3}')).code).toBe('PGRST202');
  });

  it('falls back to the unnamed parameter the Content-Type allows', () => {
    const all = [json, text, xy, none];
    expect(resolve(all, '{}')).toBe(none);
    expect(resolve(all, '')).toBe(none);
    expect(resolve(all, '{"x":1,"y":2}')).toBe(xy);
    expect(resolve(all, '{"A":1}')).toBe(json);
    expect(resolve(all, 'words', 'text/plain')).toBe(text);
    expect(thrown(() => resolve([none], 'words', 'text/plain')).message).toBe('Could not find the function public.f in the schema cache');
  });

  it('lists ambiguous candidates fewest parameters first, then by name and type', () => {
    const e = thrown(() =>
      resolveFunction(
        [
          fn(
            [
              ['arg', 'text'],
              ['num', 'integer'],
            ],
            1,
          ),
          fn([['arg', 'xml']]),
          fn([['arg', 'integer']]),
        ],
        'f',
        { media: 'query', keys: ['arg'], values: { arg: ['v'] }, raw: null },
        ['f'],
      ),
    );
    expect(e.status).toBe(300);
    expect(e.message).toBe(
      'Could not choose the best candidate function between: public.f(arg => integer), public.f(arg => xml), public.f(arg => text, num => integer)',
    );
  });

  it('functions with several unnamed parameters are not callable', () => {
    expect(
      isCallable(
        fn([
          ['', 'integer'],
          ['', 'integer'],
        ]),
      ),
    ).toBe(false);
    expect(isCallable(fn([['', 'integer']]))).toBe(false);
    expect(isCallable(fn([['', 'bytea']]))).toBe(true);
  });
});

describe('rpc GET arguments', () => {
  it('are the parameters without a filter operator', () => {
    expect(isQueryArg('a', '1')).toBe(true);
    expect(isQueryArg('a', 'eq.1')).toBe(false);
    expect(isQueryArg('a', 'not.in.(1,2)')).toBe(false);
    expect(isQueryArg('a', 'like(any).{x*}')).toBe(false);
    expect(isQueryArg('a', 'fts(english).cat')).toBe(false);
    expect(isQueryArg('a', 'equal')).toBe(true);
    expect(isQueryArg('select', 'id')).toBe(false);
    expect(isQueryArg('rel.order', 'id')).toBe(false);
  });
});
