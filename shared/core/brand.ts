/** Product identity. Pure: no browser, React or Supabase imports. */

export const PRODUCT_NAME = 'AI Vault';

/** Shown in the signed-in shell when the context has no company name. */
export const DEFAULT_BRAND_LABEL = 'AI Vault';

/** The shell's brand label: the company name from context, or the default label when none. */
export function brandLabel(companyName?: string | null): string {
  const trimmed = companyName?.trim();
  return trimmed ? trimmed : DEFAULT_BRAND_LABEL;
}
