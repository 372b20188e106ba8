import { afterEach, describe, expect, it, vi } from 'vitest';
import { isUuid, randomId } from '@/shared/core/ids.ts';

describe('ids', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes v4 uuids, also where crypto.randomUUID is missing (plain http on another host)', () => {
    expect(isUuid(randomId())).toBe(true);
    const { getRandomValues } = crypto;
    // An insecure context: getRandomValues only.
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(crypto) });
    const made = new Set(Array.from({ length: 200 }, () => randomId()));
    expect(made.size).toBe(200);
    for (const id of made) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(isUuid('not-a-uuid')).toBe(false);
  });
});
