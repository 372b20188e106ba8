import type { DocumentFormat } from '@/shared/core/storefront.ts';
import type { AdminDocument, Refusal } from '@/shared/data/products.ts';
import { createStripePrice, renderDeliverable, uploadDeliverable } from '@/shared/data/storefront.ts';
import { supabase } from '@/web/lib/supabase.ts';

/** What the product dialog asks the server to do after the product fields are saved. */
export interface StorefrontChoice {
  /** Create the Stripe Product/Price from the saved price (instead of a pasted price id). */
  createPrice: boolean;
  /** Render the generated document as the deliverable in this format. */
  format: DocumentFormat | null;
  /** Deliver this file as uploaded (wins over `format`). */
  upload: File | null;
}

/**
 * Runs the dialog's server steps in order (price, then file) on the saved product; answers the
 * product as it now is and the first refusal, if any (the fields themselves are already saved).
 */
export async function applyStorefrontChoice(
  saved: AdminDocument,
  choice: StorefrontChoice,
): Promise<{ document: AdminDocument; problem: Refusal | null }> {
  let document = saved;
  if (choice.createPrice && saved.isDigitalProduct && (saved.price ?? 0) > 0) {
    const price = await createStripePrice(supabase, saved.id);
    if (price.error) return { document, problem: price.error };
    document = { ...document, stripePriceId: price.data };
  }
  const file = choice.upload
    ? await uploadDeliverable(supabase, saved.id, choice.upload)
    : choice.format && saved.type === 'document'
      ? await renderDeliverable(supabase, saved.id, choice.format)
      : null;
  return { document, problem: file?.error ?? null };
}
