import { describe, expect, it } from 'vitest';
import { brandLabel, DEFAULT_BRAND_LABEL, PRODUCT_NAME } from '@/shared/core/brand.ts';

describe('brand', () => {
  it('names the product AI Vault', () => {
    expect(PRODUCT_NAME).toBe('AI Vault');
    expect(DEFAULT_BRAND_LABEL).toBe('AI Vault');
  });

  it('uses the company name from context, or the default brand label when none', () => {
    expect(brandLabel('Acme Co')).toBe('Acme Co');
    expect(brandLabel('  Acme Co  ')).toBe('Acme Co');
    expect(brandLabel('')).toBe(DEFAULT_BRAND_LABEL);
    expect(brandLabel('   ')).toBe(DEFAULT_BRAND_LABEL);
    expect(brandLabel(undefined)).toBe(DEFAULT_BRAND_LABEL);
    expect(brandLabel(null)).toBe(DEFAULT_BRAND_LABEL);
  });
});
