-- Digital products and their purchases (product page, checkout, download and the
-- admin's Product Management). A generated document becomes a product for sale when an admin
-- marks it (is_digital_product, price, Stripe price id). Buyers pay on Stripe Checkout; the
-- stripe-webhook and purchase-download functions (service role) record the payment and hand out
-- the file only for a paid purchase.
--
-- Download limits: max_downloads (null = unlimited) is how many times each person may download the
-- file. The owner's own downloads are counted on the document (download_count, by
-- download_generated_document()); each buyer's on their purchase (purchases.download_count, by
-- record_purchase_download()), so buyers never use up the owner's downloads nor each other's.

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

-- Admins see every document (only when the viewer is admin or master admin) and change only its product columns, through admin_update_product().
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

-- Only admins put a document on sale and price it (admin_update_product), and only the database
-- functions count downloads. Owners keep their other columns, and set max_downloads (their file's
-- download limit) while the document is not for sale; once it is, max_downloads is the product's
-- per-purchase limit, set in Product Management. Trusted callers (service_role, and the security
-- definer functions, which run as the database owner) are not restricted.
create function public.guard_document_product_columns() returns trigger
language plpgsql set search_path = '' as $$
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.is_digital_product or new.price is not null or new.stripe_price_id is not null or new.download_count <> 0
      or new.product_summary is not null or new.product_type <> 'document' then
      raise exception 'Only admins can put a document on sale (Product Management).' using errcode = '42501';
    end if;
    return new;
  end if;
  if new.is_digital_product is distinct from old.is_digital_product or new.price is distinct from old.price
    or new.stripe_price_id is distinct from old.stripe_price_id or new.product_summary is distinct from old.product_summary
    or new.product_type is distinct from old.product_type then
    raise exception 'Only admins can change a document''s product details (Product Management).' using errcode = '42501';
  end if;
  if new.download_count is distinct from old.download_count then
    raise exception 'Downloads are counted by the app; the count cannot be changed.' using errcode = '42501';
  end if;
  if new.max_downloads is distinct from old.max_downloads and old.is_digital_product then
    raise exception 'This document is for sale: its download limit is set by an admin in Product Management.' using errcode = '42501';
  end if;
  return new;
end
$$;
create trigger generated_documents_guard_product before insert or update on public.generated_documents
  for each row execute function public.guard_document_product_columns();

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

-- One download of a paid purchase, counted on the purchase only and refused past the product's
-- limit per purchase (null = unlimited). Atomic: the purchase row stays locked until the count is
-- written, so concurrent downloads of one purchase queue and re-check the limit.
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
  select * into doc from public.generated_documents d where d.id = bought.product_id;
  if doc.id is null then
    raise exception 'Product details not available for download.' using errcode = 'PT404';
  end if;
  if doc.max_downloads is not null and bought.download_count >= doc.max_downloads then
    raise exception 'Download Limit Reached - You cannot download this file anymore.' using errcode = 'PT429';
  end if;
  update public.purchases p set download_count = p.download_count + 1 where p.id = purchase;
  return jsonb_build_object('name', doc.name, 'content', doc.content, 'downloads', bought.download_count + 1, 'max_downloads', doc.max_downloads);
end
$$;
revoke execute on function public.record_purchase_download(uuid) from public, anon, authenticated;
grant execute on function public.record_purchase_download(uuid) to service_role;

-- Product Management's sales figures, as computed fields of a document
-- (select=…,sales:product_sales,sold_downloads:product_sold_downloads). They run as the caller:
-- purchases' RLS shows an admin every purchase, anyone else only their own.
create function public.product_sales(doc public.generated_documents) returns integer
language sql stable security invoker set search_path = '' as $$
  select count(*)::integer from public.purchases p where p.product_id = doc.id and p.status = 'paid'
$$;
create function public.product_sold_downloads(doc public.generated_documents) returns integer
language sql stable security invoker set search_path = '' as $$
  select coalesce(sum(p.download_count), 0)::integer from public.purchases p where p.product_id = doc.id
$$;
revoke execute on function public.product_sales(public.generated_documents), public.product_sold_downloads(public.generated_documents) from public, anon;
grant execute on function public.product_sales(public.generated_documents), public.product_sold_downloads(public.generated_documents) to authenticated, service_role;
