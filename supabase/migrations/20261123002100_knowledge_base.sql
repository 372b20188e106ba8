-- The knowledge base (the original kept it in the browser; here tables per owner):
-- folders, documents (typed text, a fetched URL's readable text, or an uploaded file's text) and
-- which folder feeds generation. Deleting a folder deletes its documents.

create table public.kb_folders (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null check (length(btrim(name)) > 0 and length(name) <= 200),
  created_at timestamptz not null default now()
);
create index kb_folders_user_idx on public.kb_folders (user_id, name);

create table public.kb_documents (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  folder_id uuid references public.kb_folders (id) on delete cascade,
  name text not null check (length(btrim(name)) > 0 and length(name) <= 300),
  type text not null check (type in ('text', 'url', 'file')),
  content text not null,
  -- For url documents: the address the text was read from; for files: the uploaded file's name.
  source text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (length(btrim(content)) > 0),
  check (type = 'text' or source is not null)
);
create index kb_documents_user_folder_idx on public.kb_documents (user_id, folder_id, created_at desc);
create index kb_documents_folder_idx on public.kb_documents (folder_id);

-- Which documents feed generation: 'all', 'uncategorized' or one folder (the original's selectedFolderId).
create table public.kb_settings (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  selected_folder_id uuid references public.kb_folders (id) on delete set null,
  selection text not null default 'all' check (selection in ('all', 'uncategorized', 'folder')),
  updated_at timestamptz not null default now(),
  check ((selection = 'folder') = (selected_folder_id is not null))
);

-- A folder reference must point at one of the caller's own folders.
create function public.owns_kb_folder(folder uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select folder is null or exists (
    select 1 from public.kb_folders f where f.id = folder and f.user_id = (select auth.uid())
  )
$$;
grant execute on function public.owns_kb_folder(uuid) to anon, authenticated, service_role;

-- A deleted folder that was selected falls back to "all".
create function public.kb_settings_folder_gone() returns trigger
language plpgsql as $$
begin
  if new.selection = 'folder' and new.selected_folder_id is null then
    new.selection := 'all';
  end if;
  return new;
end
$$;
create trigger kb_settings_folder_gone before update on public.kb_settings
  for each row execute function public.kb_settings_folder_gone();

alter table public.kb_folders enable row level security;
alter table public.kb_documents enable row level security;
alter table public.kb_settings enable row level security;

create policy "kb_folders: owner reads" on public.kb_folders for select
  to authenticated using (user_id = (select auth.uid()));
create policy "kb_folders: owner inserts" on public.kb_folders for insert
  to authenticated with check (user_id = (select auth.uid()));
create policy "kb_folders: owner updates" on public.kb_folders for update
  to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "kb_folders: owner deletes" on public.kb_folders for delete
  to authenticated using (user_id = (select auth.uid()));

create policy "kb_documents: owner reads" on public.kb_documents for select
  to authenticated using (user_id = (select auth.uid()));
create policy "kb_documents: owner inserts" on public.kb_documents for insert
  to authenticated with check (user_id = (select auth.uid()) and public.owns_kb_folder(folder_id));
create policy "kb_documents: owner updates" on public.kb_documents for update
  to authenticated using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()) and public.owns_kb_folder(folder_id));
create policy "kb_documents: owner deletes" on public.kb_documents for delete
  to authenticated using (user_id = (select auth.uid()));

create policy "kb_settings: owner reads" on public.kb_settings for select
  to authenticated using (user_id = (select auth.uid()));
create policy "kb_settings: owner inserts" on public.kb_settings for insert
  to authenticated with check (user_id = (select auth.uid()) and public.owns_kb_folder(selected_folder_id));
create policy "kb_settings: owner updates" on public.kb_settings for update
  to authenticated using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()) and public.owns_kb_folder(selected_folder_id));
create policy "kb_settings: owner deletes" on public.kb_settings for delete
  to authenticated using (user_id = (select auth.uid()));

create trigger kb_documents_touch before update on public.kb_documents
  for each row execute function public.touch_updated_at();
