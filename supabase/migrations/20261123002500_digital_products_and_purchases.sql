-- Digital products and their purchases (spec 000 §2.7–2.9, §3.7, §4 checkout and download, §5, §7.3;
-- spec 001 Product Management). A generated document becomes a product for sale when an admin
-- marks it (is_digital_product, price, Stripe price id). Buyers pay on Stripe Checkout; the
-- stripe-webhook and purchase-download functions (service role) record the payment and hand out
-- the file only for a paid purchase, counted against the product's download limit.

alter table public.generated_documents
  add column product_type text not null default 'document' check (product_type in ('document', 'video', 'url')),
  add column product_summary text check (product_summary is null or length(product_summary) <= 2000);

-- What anyone may see of a product: never its content. A view owned by the migration role reads
-- past the documents' owner-only RLS but exposes only these columns of products that are for sale.
create view public.products_for_sale with (security_barrier) as
  select d.id, d.name, d.product_type, d.product_summary, d.price, d.stripe_price_id is not null as has_price_id, d.max_downloads
  from public.generated_documents d
  where d.is_digital_product and d.price is not null;
grant select on public.products_for_sale to anon, authenticated, service_role;

-- Admins see every document (spec 001: "the admin reads documents only when the viewer is admin or
-- master admin") and change only its product columns, through admin_update_product().
create policy "generated_documents: admins read" on public.generated_documents for select
  to authenticated using (public.is_admin());

create function public.admin_update_product(
  document uuid, new_price numeric, new_max_downloads integer, new_stripe_price_id text, for_sale boolean,
  new_summary text default null, new_type text default null
) returns public.generated_documents
language plpgsql volatile security definer set search_path = '' as $$
declare
  row public.generated_documents;
begin
  if not public.is_admin() then
    raise exception 'Only admins can edit products.' using errcode = '42501';
  end if;
  update public.generated_documents d set
    price = coalesce(new_price, 0),
    max_downloads = new_max_downloads,
    stripe_price_id = nullif(btrim(new_stripe_price_id), ''),
    is_digital_product = coalesce(for_sale, d.is_digital_product),
    product_summary = case when new_summary is null then d.product_summary else nullif(btrim(new_summary), '') end,
    product_type = coalesce(new_type, d.product_type)
  where d.id = document
  returning * into row;
  if row.id is null then
    raise exception 'Document not found' using errcode = 'PT404';
  end if;
  return row;
end
$$;
revoke execute on function public.admin_update_product(uuid, numeric, integer, text, boolean, text, text) from public, anon;
grant execute on function public.admin_update_product(uuid, numeric, integer, text, boolean, text, text) to authenticated, service_role;

create table public.purchases (
  id uuid primary key default gen_random_uuid(),
  product_id uuid references public.generated_documents (id) on delete set null,
  product_name text not null,
  buyer_id uuid references auth.users (id) on delete set null,
  buyer_email text,
  stripe_session_id text unique,
  status text not null default 'pending' check (status in ('pending', 'paid')),
  amount_total integer,
  currency text,
  download_count integer not null default 0 check (download_count >= 0),
  created_at timestamptz not null default now(),
  paid_at timestamptz
);
create index purchases_buyer_idx on public.purchases (buyer_id, created_at desc);
create index purchases_product_idx on public.purchases (product_id);

alter table public.purchases enable row level security;

-- Buyers read their own purchases, admins all of them. Nobody writes through the API: the
-- checkout, webhook and download functions do, with the service role.
create policy "purchases: buyer or admin reads" on public.purchases for select
  to authenticated using (buyer_id = (select auth.uid()) or public.is_admin());

-- One download of a paid purchase, counted on the purchase and on the product, refused past the
-- product's limit (null = unlimited). Atomic: the conditional update re-checks under the row lock.
create function public.record_purchase_download(purchase uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  bought public.purchases;
  doc public.generated_documents;
begin
  select * into bought from public.purchases p where p.id = purchase for update;
  if bought.id is null or bought.status <> 'paid' then
    raise exception 'This purchase is not paid.' using errcode = 'PT402';
  end if;
  update public.generated_documents d set download_count = d.download_count + 1
  where d.id = bought.product_id and (d.max_downloads is null or bought.download_count < d.max_downloads)
  returning * into doc;
  if doc.id is null then
    if not exists (select 1 from public.generated_documents d where d.id = bought.product_id) then
      raise exception 'Product details not available for download.' using errcode = 'PT404';
    end if;
    raise exception 'Download Limit Reached - You cannot download this file anymore.' using errcode = 'PT429';
  end if;
  update public.purchases p set download_count = p.download_count + 1 where p.id = purchase;
  return jsonb_build_object('name', doc.name, 'content', doc.content, 'downloads', bought.download_count + 1, 'max_downloads', doc.max_downloads);
end
$$;
revoke execute on function public.record_purchase_download(uuid) from public, anon, authenticated;
grant execute on function public.record_purchase_download(uuid) to service_role;
