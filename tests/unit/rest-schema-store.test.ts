import { describe, expect, it } from 'vitest';
import type { Queryable } from '@/supabase/local/db/types.ts';
import { SchemaStore } from '@/supabase/local/rest/schema.ts';

function fakeDb() {
  const db = {
    loads: 0,
    async query() {
      db.loads++;
      await new Promise((r) => setTimeout(r, 5));
      return {
        rows: [{ schema: JSON.stringify({ relations: [], columns: [], constraints: [], viewColumns: [], functions: [] }) }],
        affectedRows: 0,
      };
    },
    async exec() {},
  };
  return db as typeof db & Queryable;
}

describe('SchemaStore', () => {
  it('loads once and reloads only when a request predates the cache', async () => {
    const db = fakeDb();
    const store = new SchemaStore(db, 'public');
    const before = performance.now();
    await Promise.all([store.get(), store.get()]);
    expect(db.loads).toBe(1);
    // the cache was loaded after this request started: nothing new to learn
    expect(await store.refreshFor('table:x', before)).toBeNull();
    expect(db.loads).toBe(1);
    // a request that started after the load: reload once, then the miss is remembered for a second
    const later = performance.now();
    expect(await store.refreshFor('table:x', later)).not.toBeNull();
    expect(db.loads).toBe(2);
    const again = performance.now();
    expect(await store.refreshFor('table:x', again)).toBeNull();
    expect(db.loads).toBe(2);
    // another name still triggers a reload
    expect(await store.refreshFor('table:y', performance.now())).not.toBeNull();
    expect(db.loads).toBe(3);
  });

  it('concurrent misses share one in-flight reload', async () => {
    const db = fakeDb();
    const store = new SchemaStore(db, 'public');
    await store.get();
    const t = performance.now();
    const results = await Promise.all([store.refreshFor('table:a', t), store.refreshFor('table:b', t), store.refreshFor('table:c', t)]);
    expect(db.loads).toBe(2);
    expect(results.every((r) => r !== null)).toBe(true);
  });
});
