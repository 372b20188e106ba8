import { describe, expect, it } from 'vitest';
import {
  formatMaxDownloads,
  formatPrice,
  isSellablePrice,
  MAX_DOWNLOADS,
  MAX_PRODUCT_PRICE,
  parsePrice,
  PRODUCT_TEXTS,
  productDownloadsLabel,
  purchaseFileText,
} from '@/shared/core/products.ts';

/** Digital products' pure rules: price, file name, download limits. */

describe('parsePrice (a number, falling back to 0)', () => {
  it('reads numbers, with a dot or a comma, rounded to cents', () => {
    expect(parsePrice('19.99')).toBe(19.99);
    expect(parsePrice('19,5')).toBe(19.5);
    expect(parsePrice('19.999abc')).toBe(20);
    expect(parsePrice('  7 ')).toBe(7);
  });

  it('falls back to 0 for anything that is not a non-negative number', () => {
    for (const input of ['', 'abc', '-5', 'NaN', 'Infinity', '$10']) expect(parsePrice(input)).toBe(0);
  });

  it('never goes above the highest price a product may have', () => {
    expect(parsePrice('2000000')).toBe(MAX_PRODUCT_PRICE);
  });
});

describe('isSellablePrice (above 1,000,000 is treated as not found)', () => {
  it('accepts 0 up to and including 1,000,000', () => {
    expect(isSellablePrice(0)).toBe(true);
    expect(isSellablePrice(19.99)).toBe(true);
    expect(isSellablePrice(1_000_000)).toBe(true);
  });

  it('refuses prices above 1,000,000, negatives, non-numbers and no price', () => {
    for (const price of [1_000_000.01, 5_000_000, -1, Number.NaN, Number.POSITIVE_INFINITY, null, undefined])
      expect(isSellablePrice(price)).toBe(false);
  });
});

describe('formatPrice (2 decimals)', () => {
  it('shows dollars with exactly 2 decimals', () => {
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(5)).toBe('$5.00');
    expect(formatPrice(19.9)).toBe('$19.90');
    expect(formatPrice(1_000_000)).toBe('$1,000,000.00');
  });
});

describe('the downloaded file', () => {
  it('holds the content, or the default thank-you text when it is empty', () => {
    expect(purchaseFileText('Step 1: pick a date.')).toBe('Step 1: pick a date.');
    for (const empty of ['', '  \n ', null, undefined]) expect(purchaseFileText(empty)).toBe(PRODUCT_TEXTS.thankYou);
    expect(PRODUCT_TEXTS.thankYou).toMatch(/^Thank you for your purchase!/);
  });
});

describe('max downloads', () => {
  it('is a slider from 1 to 100 in steps of 1, 10 by default', () => {
    expect(MAX_DOWNLOADS).toEqual({ min: 1, max: 100, step: 1, default: 10 });
  });

  it('shows unlimited as ∞ and a limit as its number', () => {
    expect(formatMaxDownloads(null)).toBe('∞');
    expect(formatMaxDownloads(1)).toBe('1');
    expect(formatMaxDownloads(100)).toBe('100');
  });

  it('Product Management shows the owner’s and the buyers’ downloads apart, and the limit each has', () => {
    expect(productDownloadsLabel({ downloadCount: 3, soldDownloads: 5, sales: 2, maxDownloads: 10 })).toEqual({
      counts: 'Owner 3 · Buyers 5',
      limit: '2 sales · limit 10 each',
    });
    expect(productDownloadsLabel({ downloadCount: 0, soldDownloads: 1, sales: 1, maxDownloads: null })).toEqual({
      counts: 'Owner 0 · Buyers 1',
      limit: '1 sale · limit ∞ each',
    });
  });
});
