import { STOREFRONT_TEXTS } from '@/shared/core/storefront.ts';
import type { Tables } from '@/shared/data/database.types.ts';
import { callerDb, serviceDb } from './db.ts';
import { deliverableSource, type DeliverableSource } from './deliverables.ts';
import { callerOf, json } from './http.ts';

/** What the product admin functions read of a document (service role: content included). */
export type AdminProduct = DeliverableSource & Pick<Tables<'generated_documents'>, 'price' | 'stripe_price_id' | 'is_digital_product'>;

/** null when the caller is an admin right now (is_admin() under their own token); else the refusal. */
export async function refuseNonAdmin(req: Request): Promise<Response | null> {
  const caller = await callerOf(req);
  if (!caller) return json({ title: 'Access denied', error: STOREFRONT_TEXTS.adminsOnly }, 401);
  // Unanswered counts as no: only the database's yes lets the caller through.
  const { data, error } = await callerDb(caller.token).rpc('is_admin');
  return !error && data === true ? null : json({ title: 'Access denied', error: STOREFRONT_TEXTS.adminsOnly }, 403);
}

/** The product (any document, by id), or null when there is none; throws when the database cannot be read. */
export async function adminProduct(id: unknown): Promise<AdminProduct | null> {
  if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  const { data, error } = await serviceDb()
    .from('generated_documents')
    .select('id, name, content, product_type, product_summary, price, stripe_price_id, is_digital_product')
    .eq('id', id)
    .maybeSingle();
  if (error) throw new Error(`reading the product failed: ${error.message}`);
  return data && deliverableSource(data);
}
