import { describe, expect, it } from 'vitest';
import { PlanCache } from '@/supabase/local/rest/plan-cache.ts';

describe('REST read plan cache', () => {
  it('keeps at most its bound per schema snapshot, dropping the least recently used', () => {
    const cache = new PlanCache<string>(2);
    const schema = {};
    cache.set(schema, 'a', 'plan a');
    cache.set(schema, 'b', 'plan b');
    expect(cache.get(schema, 'a')).toBe('plan a');
    cache.set(schema, 'c', 'plan c');
    expect(cache.size(schema)).toBe(2);
    expect(cache.get(schema, 'b')).toBeUndefined();
    expect(cache.get(schema, 'a')).toBe('plan a');
    expect(cache.get(schema, 'c')).toBe('plan c');
  });

  it('starts afresh for a new schema snapshot', () => {
    const cache = new PlanCache<string>(10);
    const before = {};
    cache.set(before, 'GET notes', 'old plan');
    const reloaded = {};
    expect(cache.get(reloaded, 'GET notes')).toBeUndefined();
    expect(cache.get(before, 'GET notes')).toBe('old plan');
  });
});
