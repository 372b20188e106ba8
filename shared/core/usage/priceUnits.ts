import type { Micros } from './prices.ts';

// The day the price table's sources were read, and the one parser of the amounts they state.

export const PRICES_CHECKED_ON = '2026-11-29';

/** '$0.075' per 1M tokens as written on the page → 75_000 micro-dollars; parsed from text so no float rounding creeps in. */
export function usd(dollars: string): Micros {
  const match = /^(\d+)(?:\.(\d{1,6}))?$/.exec(dollars);
  if (!match) throw new Error(`Not a dollar amount with at most 6 decimals: ${dollars}`);
  return Number(match[1]) * 1_000_000 + Number((match[2] ?? '').padEnd(6, '0'));
}
