import { describe, expect, it } from 'vitest';
import {
  isQuotaReached,
  MONTHLY_GENERATION_LIMIT,
  parseQuota,
  QUOTA_TEXTS,
  quotaLabel,
  quotaPercent,
  quotaResetsOn,
} from '@/shared/core/quota.ts';

describe('monthly generation quota display', () => {
  it('is 50 a month, shown as n / 50', () => {
    expect(MONTHLY_GENERATION_LIMIT).toBe(50);
    expect(quotaLabel({ used: 0, limit: 50 })).toBe('0 / 50');
    expect(quotaLabel({ used: 12, limit: 50 })).toBe('12 / 50');
    expect(quotaLabel({ used: 51, limit: 50 })).toBe('50 / 50');
  });

  it('is reached at 50, when the limit modal opens', () => {
    expect(QUOTA_TEXTS.limitTitle).toBe('Monthly Generation Limit Reached');
    expect(isQuotaReached({ used: 49, limit: 50 })).toBe(false);
    expect(isQuotaReached({ used: 50, limit: 50 })).toBe(true);
  });

  it('gives a percentage for the bar and the day it starts again', () => {
    expect(quotaPercent({ used: 25, limit: 50 })).toBe(50);
    expect(quotaPercent({ used: 60, limit: 50 })).toBe(100);
    expect(quotaResetsOn('2026-11-01')).toBe('2026-12-01');
    expect(quotaResetsOn('2026-12-01')).toBe('2027-01-01');
  });

  it('reads the database functions’ answers and refuses anything else', () => {
    expect(parseQuota({ used: 3, limit: 50, remaining: 47, month: '2026-11-01', reservation_id: 'x' })).toEqual({
      used: 3,
      limit: 50,
      remaining: 47,
      month: '2026-11-01',
    });
    expect(parseQuota({ used: -1, limit: 50, remaining: 51, month: '2026-11-01' })).toBeNull();
    expect(parseQuota({ used: 1, limit: 50, remaining: 49, month: '2026-11-15' })).toBeNull();
    expect(parseQuota(null)).toBeNull();
  });

  it('has no limit on Pro and Team: null limit and remaining, never reached, an empty bar', () => {
    expect(parseQuota({ used: 120, limit: null, remaining: null, month: '2026-11-01' })).toEqual({
      used: 120,
      limit: null,
      remaining: null,
      month: '2026-11-01',
    });
    // Only both null means unlimited.
    expect(parseQuota({ used: 1, limit: null, remaining: 49, month: '2026-11-01' })).toBeNull();
    expect(parseQuota({ used: 1, limit: 50, remaining: null, month: '2026-11-01' })).toBeNull();
    expect(quotaLabel({ used: 120, limit: null })).toBe('120 / unlimited');
    expect(isQuotaReached({ used: 5000, limit: null })).toBe(false);
    expect(quotaPercent({ used: 5000, limit: null })).toBe(0);
  });
});
