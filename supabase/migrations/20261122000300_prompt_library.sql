-- The prompt library: nested folders and saved prompts, owner-only.
-- Deleting a folder deletes everything inside it, nested folders included (no orphans).

create table public.prompt_folders (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null check (length(btrim(name)) > 0),
  parent_folder_id uuid references public.prompt_folders (id) on delete cascade,
  created_at timestamptz not null default now(),
  check (parent_folder_id is distinct from id)
);
create index prompt_folders_user_parent_idx on public.prompt_folders (user_id, parent_folder_id, name);
create index prompt_folders_parent_idx on public.prompt_folders (parent_folder_id);

create table public.saved_prompts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null check (length(btrim(name)) > 0),
  prompt_text text not null check (length(btrim(prompt_text)) > 0),
  llm_provider text not null default 'openai',
  template_id text,
  folder_id uuid references public.prompt_folders (id) on delete cascade,
  is_premium boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index saved_prompts_user_folder_name_idx on public.saved_prompts (user_id, folder_id, name);
create index saved_prompts_user_created_idx on public.saved_prompts (user_id, created_at desc);
create index saved_prompts_folder_idx on public.saved_prompts (folder_id);

-- A folder reference must point at one of the caller's own folders.
create function public.owns_prompt_folder(folder uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select folder is null or exists (
    select 1 from public.prompt_folders f where f.id = folder and f.user_id = (select auth.uid())
  )
$$;
grant execute on function public.owns_prompt_folder(uuid) to anon, authenticated, service_role;

alter table public.prompt_folders enable row level security;
alter table public.saved_prompts enable row level security;

create policy "prompt_folders: owner reads" on public.prompt_folders for select
  to authenticated using (user_id = (select auth.uid()));
create policy "prompt_folders: owner inserts" on public.prompt_folders for insert
  to authenticated with check (user_id = (select auth.uid()) and public.owns_prompt_folder(parent_folder_id));
create policy "prompt_folders: owner updates" on public.prompt_folders for update
  to authenticated using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()) and public.owns_prompt_folder(parent_folder_id));
create policy "prompt_folders: owner deletes" on public.prompt_folders for delete
  to authenticated using (user_id = (select auth.uid()));

create policy "saved_prompts: owner reads" on public.saved_prompts for select
  to authenticated using (user_id = (select auth.uid()));
create policy "saved_prompts: owner inserts" on public.saved_prompts for insert
  to authenticated with check (user_id = (select auth.uid()) and public.owns_prompt_folder(folder_id));
create policy "saved_prompts: owner updates" on public.saved_prompts for update
  to authenticated using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()) and public.owns_prompt_folder(folder_id));
create policy "saved_prompts: owner deletes" on public.saved_prompts for delete
  to authenticated using (user_id = (select auth.uid()));

create function public.touch_updated_at() returns trigger
language plpgsql as $$
begin
  new.updated_at := now();
  return new;
end
$$;
create trigger saved_prompts_touch before update on public.saved_prompts
  for each row execute function public.touch_updated_at();
