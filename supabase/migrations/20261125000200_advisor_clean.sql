-- What the database advisor (supabase/tests/advisor.sql, after Supabase's splinter lints) found in
-- the API schema, cleared: no SECURITY DEFINER function or view is reachable in `public`, every
-- function has a fixed search_path, one permissive select policy per table and role, and every
-- foreign key has an index.

-- 1. SECURITY DEFINER functions live in `private`, which the API does not expose. Policies,
--    triggers and defaults refer to functions by identity, so they follow the move; function
--    bodies name them, so those are rewritten to the new schema below.
create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to anon, authenticated, service_role;

do $$
declare
  moved text[] := array[
    -- helpers policies and functions call
    'can_edit_content', 'can_manage_role', 'current_app_role', 'current_user_email', 'document_shared_with_me',
    'is_admin', 'is_master_admin', 'owns_document_folder', 'owns_kb_folder', 'owns_prompt_folder',
    'owns_saved_prompt', 'owns_share_target', 'session_meets_mfa', 'workspace_shared_with_me',
    -- trigger functions
    'document_folders_check_parent', 'handle_auth_user_email_change', 'handle_new_auth_user',
    'prompt_folders_check_parent', 'shares_before_insert', 'startup_ideas_refuse_view_only',
    -- functions the app calls over /rest/v1/rpc (public wrappers below)
    'admin_update_product', 'confirm_generation', 'consume_generation', 'download_generated_document',
    'ensure_demo_workspace', 'generation_quota', 'refund_generation'
  ];
  pattern text := 'public\.(' || array_to_string(moved, '|') || ')\(';
  f record;
begin
  for f in
    select p.proname, pg_get_function_identity_arguments(p.oid) as args
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and p.proname = any (moved)
  loop
    execute format('alter function public.%I(%s) set schema private', f.proname, f.args);
  end loop;
  for f in
    select p.oid
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('public', 'private') and p.prokind = 'f' and p.prosrc ~ pattern
  loop
    execute regexp_replace(pg_get_functiondef(f.oid), pattern, 'private.\1(', 'g');
  end loop;
end
$$;

-- Trigger functions are never called directly.
revoke execute on function
  private.document_folders_check_parent(), private.handle_auth_user_email_change(), private.handle_new_auth_user(),
  private.prompt_folders_check_parent(), private.shares_before_insert(), private.startup_ideas_refuse_view_only()
from public, anon, authenticated;

-- 2. What the app calls keeps its address: a SECURITY INVOKER wrapper in `public` with the same
--    arguments, defaults, result, volatility and grants, calling the implementation in `private`.
do $$
declare
  f record;
  call_args text;
  body text;
  role_name text;
begin
  for f in
    select p.oid, p.proname, p.provolatile, p.proretset,
      pg_get_function_arguments(p.oid) as args, pg_get_function_identity_arguments(p.oid) as identity_args,
      pg_get_function_result(p.oid) as result,
      coalesce((
        select string_agg(format('%1$I => %1$I', name), ', ' order by ord)
        from unnest(p.proargnames, coalesce(p.proargmodes, array_fill('i'::"char", array[coalesce(cardinality(p.proargnames), 0)]))) with ordinality as a(name, mode, ord)
        where mode in ('i', 'b', 'v')
      ), '') as named_args
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'private' and p.proname in (
      'current_app_role', 'is_admin', 'admin_update_product', 'confirm_generation', 'consume_generation',
      'download_generated_document', 'ensure_demo_workspace', 'generation_quota', 'refund_generation'
    )
  loop
    body := case when f.result = 'void'
      then format('select private.%I(%s)', f.proname, f.named_args)
      else format('select * from private.%I(%s)', f.proname, f.named_args) end;
    execute format(
      'create function public.%I(%s) returns %s language sql %s security invoker set search_path = %L as %L',
      f.proname, f.args, f.result,
      case f.provolatile when 'i' then 'immutable' when 's' then 'stable' else 'volatile' end,
      '', body
    );
    execute format('revoke execute on function public.%I(%s) from public, anon, authenticated, service_role', f.proname, f.identity_args);
    foreach role_name in array array['anon', 'authenticated', 'service_role'] loop
      if has_function_privilege(role_name, f.oid, 'execute') then
        execute format('grant execute on function public.%I(%s) to %I', f.proname, f.identity_args, role_name);
      end if;
    end loop;
  end loop;
end
$$;

-- 3. A fixed search_path for every remaining function of the API schema.
do $$
declare
  f record;
begin
  for f in
    select p.proname, pg_get_function_identity_arguments(p.oid) as args
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and p.prokind = 'f'
      and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')
  loop
    execute format('alter function public.%I(%s) set search_path = public, extensions, pg_temp', f.proname, f.args);
  end loop;
end
$$;

-- 4. Products for sale: a public listing table kept by the database, so the view can run with the
--    caller's rights (a SECURITY DEFINER view would bypass RLS). The document's text never
--    leaves generated_documents.
create table public.product_listings (
  id uuid primary key references public.generated_documents (id) on delete cascade,
  name text not null,
  product_type text,
  product_summary text,
  price numeric(12, 2) not null,
  has_price_id boolean not null,
  max_downloads integer
);
alter table public.product_listings enable row level security;
create policy "product_listings: anyone reads" on public.product_listings for select to anon, authenticated using (true);
revoke insert, update, delete, truncate on public.product_listings from anon, authenticated;

create function private.sync_product_listing() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'DELETE' then
    return old; -- the listing goes with its document (on delete cascade)
  end if;
  if new.is_digital_product and new.price is not null then
    insert into public.product_listings (id, name, product_type, product_summary, price, has_price_id, max_downloads)
    values (new.id, new.name, new.product_type, new.product_summary, new.price, new.stripe_price_id is not null, new.max_downloads)
    on conflict (id) do update set name = excluded.name, product_type = excluded.product_type,
      product_summary = excluded.product_summary, price = excluded.price, has_price_id = excluded.has_price_id,
      max_downloads = excluded.max_downloads;
  else
    delete from public.product_listings where id = new.id;
  end if;
  return new;
end
$$;
revoke execute on function private.sync_product_listing() from public, anon, authenticated;
create trigger sync_product_listing after insert or update on public.generated_documents
  for each row execute function private.sync_product_listing();

insert into public.product_listings (id, name, product_type, product_summary, price, has_price_id, max_downloads)
select d.id, d.name, d.product_type, d.product_summary, d.price, d.stripe_price_id is not null, d.max_downloads
from public.generated_documents d where d.is_digital_product and d.price is not null;

drop view public.products_for_sale;
create view public.products_for_sale with (security_invoker = true) as
  select l.id, l.name, l.product_type, l.product_summary, l.price, l.has_price_id, l.max_downloads
  from public.product_listings l;
grant select on public.products_for_sale to anon, authenticated, service_role;

-- 5. One permissive select policy on generated_documents (owner, recipient or admin).
do $$
declare
  owner_expr text;
begin
  select pg_get_expr(pol.polqual, pol.polrelid) into owner_expr
  from pg_policy pol where pol.polrelid = 'public.generated_documents'::regclass and pol.polname = 'generated_documents: owner or recipient reads';
  drop policy "generated_documents: owner or recipient reads" on public.generated_documents;
  drop policy "generated_documents: admins read" on public.generated_documents;
  execute format('create policy "generated_documents: owner, recipient or admin reads" on public.generated_documents for select to authenticated using ((%s) or private.is_admin())', owner_expr);
end
$$;

-- 6. Indexes for the foreign keys that had none.
create index kb_settings_selected_folder_id_idx on public.kb_settings (selected_folder_id);
create index monitoring_settings_updated_by_idx on public.monitoring_settings (updated_by);
create index prompt_runs_free_prompt_id_idx on public.prompt_runs (free_prompt_id);
create index workspace_onboarding_demo_workspace_id_idx on public.workspace_onboarding (demo_workspace_id);
