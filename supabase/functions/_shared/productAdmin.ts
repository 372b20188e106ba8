import type { ProductType } from '@/shared/core/products.ts';
import { STOREFRONT_TEXTS } from '@/shared/core/storefront.ts';
import { callerOf, json, rest } from './http.ts';
import { serviceRest } from './stripe.ts';

/** What the product admin functions read of a document (service role: content included). */
export interface AdminProduct {
  id: string;
  name: string;
  content: string | null;
  product_type: ProductType;
  product_summary: string | null;
  price: number | null;
  stripe_price_id: string | null;
  is_digital_product: boolean;
}

/** null when the caller is an admin right now (is_admin() under their own token); else the refusal. */
export async function refuseNonAdmin(req: Request): Promise<Response | null> {
  const caller = await callerOf(req);
  if (!caller) return json({ title: 'Access denied', error: STOREFRONT_TEXTS.adminsOnly }, 401);
  const answer = await rest('rpc/is_admin', { method: 'POST', body: '{}' }, caller.token).catch(() => null);
  return answer?.ok && answer.body === true ? null : json({ title: 'Access denied', error: STOREFRONT_TEXTS.adminsOnly }, 403);
}

export async function adminProduct(id: unknown): Promise<AdminProduct | null> {
  if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  const res = await serviceRest(
    `generated_documents?id=eq.${id}&select=id,name,content,product_type,product_summary,price,stripe_price_id,is_digital_product`,
  );
  const [row] = res.ok ? ((await res.json()) as AdminProduct[]) : [];
  return row ?? null;
}
