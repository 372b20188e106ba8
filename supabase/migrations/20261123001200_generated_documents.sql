-- Generated documents and their folders (document_folders, generated_documents). Folders nest like the prompt library's and deleting one deletes everything inside it.
-- The digital-product columns (price, stripe_price_id, is_digital_product, max_downloads,
-- download_count) are read by the admin's Product Management and the purchase flow.
--
-- Roles: the owner manages their documents unless their role is view_only ("views shared
-- documents and workspaces; cannot modify"). Reading a document shared with the caller is added by
-- 20261123001400_shares.sql, which replaces public.document_shared_with_me().
--
-- Downloads go through download_generated_document(), which counts them atomically against
-- max_downloads (null = unlimited, shown as ∞) and refuses past it with 'Download Limit Reached'.

-- May the caller create or change content? Everyone signed in except view_only accounts.
create function public.can_edit_content() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(public.current_app_role() <> 'view_only', false)
$$;

create table public.document_folders (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null check (length(btrim(name)) > 0 and length(name) <= 200),
  sort_name text not null default '',
  parent_folder_id uuid references public.document_folders (id) on delete cascade,
  created_at timestamptz not null default now(),
  check (parent_folder_id is distinct from id)
);
create index document_folders_parent_sort_idx on public.document_folders (user_id, parent_folder_id, sort_name, id);
create index document_folders_parent_created_idx on public.document_folders (user_id, parent_folder_id, created_at, id);
create index document_folders_parent_idx on public.document_folders (parent_folder_id);
create trigger document_folders_sort_name before insert or update of name, sort_name on public.document_folders
  for each row execute function public.set_sort_name();

-- A folder's parent is the same user's folder and never the folder itself or one of its descendants.
create function public.document_folders_check_parent() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  parent_owner uuid;
begin
  if new.parent_folder_id is null then
    return new;
  end if;
  select f.user_id into parent_owner from public.document_folders f where f.id = new.parent_folder_id;
  if parent_owner is not null and parent_owner <> new.user_id then
    raise exception 'Parent folder not found.' using errcode = '23503';
  end if;
  if exists (
    with recursive ancestors(id) as (
      select new.parent_folder_id
      union
      select f.parent_folder_id from public.document_folders f join ancestors a on f.id = a.id
      where f.parent_folder_id is not null
    )
    select 1 from ancestors where id = new.id
  ) then
    raise exception 'A folder cannot be moved into itself or one of its subfolders.' using errcode = '23514';
  end if;
  return new;
end
$$;
create trigger document_folders_check_parent before insert or update of parent_folder_id, user_id on public.document_folders
  for each row execute function public.document_folders_check_parent();

create table public.generated_documents (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null check (length(btrim(name)) > 0 and length(name) <= 300),
  sort_name text not null default '',
  content text not null check (length(content) <= 1000000),
  -- The generated format (docx by default); the dashboard also exports pdf, html, md and txt.
  format text not null default 'docx' check (format in ('docx', 'pdf', 'html', 'md', 'txt')),
  template_id text check (template_id is null or length(template_id) <= 100),
  folder_id uuid references public.document_folders (id) on delete cascade,
  file_url text check (file_url is null or length(file_url) <= 2000),
  download_count integer not null default 0 check (download_count >= 0),
  -- null = unlimited (shown as ∞).
  max_downloads integer check (max_downloads is null or max_downloads between 1 and 1000000),
  price numeric(12, 2) check (price is null or price between 0 and 1000000),
  stripe_price_id text check (stripe_price_id is null or length(stripe_price_id) <= 200),
  is_digital_product boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index generated_documents_folder_sort_idx on public.generated_documents (user_id, folder_id, sort_name, id);
create index generated_documents_folder_created_idx on public.generated_documents (user_id, folder_id, created_at, id);
create index generated_documents_user_created_idx on public.generated_documents (user_id, created_at desc);
create index generated_documents_folder_idx on public.generated_documents (folder_id);
create trigger generated_documents_sort_name before insert or update of name, sort_name on public.generated_documents
  for each row execute function public.set_sort_name();
-- A download (count only) is not an edit: updated_at follows the document's own columns.
create trigger generated_documents_touch before update of name, content, format, template_id, folder_id, file_url,
  max_downloads, price, stripe_price_id, is_digital_product on public.generated_documents
  for each row execute function public.touch_updated_at();

-- A folder reference must point at one of the caller's own folders.
create function public.owns_document_folder(folder uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select folder is null or exists (
    select 1 from public.document_folders f where f.id = folder and f.user_id = (select auth.uid())
  )
$$;

-- Is this document (of that owner) shared with the caller? Nothing is shared yet; the sharing
-- migration replaces this function, and the select policy and the download function follow.
create function public.document_shared_with_me(document uuid, owner uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select false
$$;

alter table public.document_folders enable row level security;
alter table public.generated_documents enable row level security;

create policy "document_folders: owner reads" on public.document_folders for select
  to authenticated using (user_id = (select auth.uid()));
create policy "document_folders: owner inserts" on public.document_folders for insert
  to authenticated with check (user_id = (select auth.uid()) and public.can_edit_content() and public.owns_document_folder(parent_folder_id));
create policy "document_folders: owner updates" on public.document_folders for update
  to authenticated using (user_id = (select auth.uid()) and public.can_edit_content())
  with check (user_id = (select auth.uid()) and public.owns_document_folder(parent_folder_id));
create policy "document_folders: owner deletes" on public.document_folders for delete
  to authenticated using (user_id = (select auth.uid()) and public.can_edit_content());

create policy "generated_documents: owner or recipient reads" on public.generated_documents for select
  to authenticated using (user_id = (select auth.uid()) or public.document_shared_with_me(id, user_id));
create policy "generated_documents: owner inserts" on public.generated_documents for insert
  to authenticated with check (user_id = (select auth.uid()) and public.can_edit_content() and public.owns_document_folder(folder_id));
create policy "generated_documents: owner updates" on public.generated_documents for update
  to authenticated using (user_id = (select auth.uid()) and public.can_edit_content())
  with check (user_id = (select auth.uid()) and public.owns_document_folder(folder_id));
create policy "generated_documents: owner deletes" on public.generated_documents for delete
  to authenticated using (user_id = (select auth.uid()) and public.can_edit_content());

-- Downloads one document: counts it and returns what the file is made of. Anyone who may read the
-- document (its owner, a recipient of a share) downloads through here. The conditional update is
-- atomic — concurrent downloads queue on the row and re-check the limit — so the count never passes
-- max_downloads. Refused with SQLSTATE PT429 and 'Download Limit Reached' at the limit; PT404 when the
-- caller cannot see the document.
create function public.download_generated_document(document uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := public.require_uid();
  owner uuid;
  result jsonb;
begin
  select d.user_id into owner from public.generated_documents d where d.id = document;
  if owner is null or (owner <> uid and not public.document_shared_with_me(document, owner)) then
    raise exception 'Document not found' using errcode = 'PT404';
  end if;
  update public.generated_documents d set download_count = d.download_count + 1
  where d.id = document and (d.max_downloads is null or d.download_count < d.max_downloads)
  returning jsonb_build_object(
    'id', d.id, 'name', d.name, 'content', d.content, 'format', d.format, 'template_id', d.template_id,
    'download_count', d.download_count, 'max_downloads', d.max_downloads
  ) into result;
  if result is null then
    raise exception 'Download Limit Reached - You cannot download this file anymore.' using errcode = 'PT429', hint = 'download_limit';
  end if;
  return result;
end
$$;

revoke execute on function public.download_generated_document(uuid) from public, anon;
grant execute on function public.download_generated_document(uuid) to authenticated, service_role;
