-- Prompt library extras (issue 4): a description, tags, favourites and a default model per prompt;
-- case-insensitive name sorting; folder moves that can never create a cycle; search over name,
-- text and tags; the indexes that keep a 10,000-prompt library fast; and the folder-tree import.
-- The tables and their owner-only policies are in 20261122000300_prompt_library.sql.

alter table public.saved_prompts
  add column description text not null default '',
  add column tags text[] not null default '{}',
  add column is_favorite boolean not null default false,
  add column model text,
  -- lower(name), kept by a trigger (not a generated column, so rows read with select * can be
  -- written back as they are, e.g. by the admin backup restore).
  add column sort_name text not null default '';
alter table public.prompt_folders add column sort_name text not null default '';

-- Tags: at most 20, each trimmed, 1-40 characters, no commas (CSV joins them with commas).
create function public.valid_prompt_tags(tags text[]) returns boolean
language sql immutable as $$
  select tags is not null and cardinality(tags) <= 20 and not exists (
    select 1 from unnest(tags) t
    where t is null or t = '' or t <> btrim(t) or length(t) > 40 or strpos(t, ',') > 0
  )
$$;

-- The limits shared/core/promptLibrary.ts (PROMPT_LIMITS) checks first.
alter table public.saved_prompts
  add constraint saved_prompts_name_length check (length(name) <= 200),
  add constraint saved_prompts_text_length check (length(prompt_text) <= 100000),
  add constraint saved_prompts_description_length check (length(description) <= 2000),
  add constraint saved_prompts_model_length check (model is null or length(model) <= 200),
  add constraint saved_prompts_tags_valid check (public.valid_prompt_tags(tags));
alter table public.prompt_folders
  add constraint prompt_folders_name_length check (length(name) <= 200);

create function public.set_sort_name() returns trigger
language plpgsql as $$
begin
  new.sort_name := lower(new.name);
  return new;
end
$$;
create trigger saved_prompts_sort_name before insert or update of name, sort_name on public.saved_prompts
  for each row execute function public.set_sort_name();
create trigger prompt_folders_sort_name before insert or update of name, sort_name on public.prompt_folders
  for each row execute function public.set_sort_name();
update public.saved_prompts set sort_name = lower(name);
update public.prompt_folders set sort_name = lower(name);

-- A folder's parent is never the folder itself or one of its descendants, and is the same
-- user's folder. Walks up from the new parent (union stops on any loop already present).
create function public.prompt_folders_check_parent() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  parent_owner uuid;
begin
  if new.parent_folder_id is null then
    return new;
  end if;
  select f.user_id into parent_owner from public.prompt_folders f where f.id = new.parent_folder_id;
  if parent_owner is not null and parent_owner <> new.user_id then
    raise exception 'Parent folder not found.' using errcode = '23503';
  end if;
  if new.parent_folder_id = new.id or exists (
    with recursive ancestors(id) as (
      select new.parent_folder_id
      union
      select f.parent_folder_id from public.prompt_folders f join ancestors a on f.id = a.id
      where f.parent_folder_id is not null
    )
    select 1 from ancestors where id = new.id
  ) then
    raise exception 'A folder cannot be moved into itself or one of its subfolders.' using errcode = '23514';
  end if;
  return new;
end
$$;
create trigger prompt_folders_check_parent before insert or update of parent_folder_id, user_id on public.prompt_folders
  for each row execute function public.prompt_folders_check_parent();

-- Listing a folder by each sort (Name A-Z/Z-A, Newest, Oldest); id breaks ties for paging.
create index saved_prompts_folder_sort_name_idx on public.saved_prompts (user_id, folder_id, sort_name, id);
create index saved_prompts_folder_created_idx on public.saved_prompts (user_id, folder_id, created_at, id);
create index prompt_folders_parent_sort_name_idx on public.prompt_folders (user_id, parent_folder_id, sort_name, id);
create index prompt_folders_parent_created_idx on public.prompt_folders (user_id, parent_folder_id, created_at, id);
create index saved_prompts_favorites_idx on public.saved_prompts (user_id, sort_name) where is_favorite;
create index saved_prompts_tags_idx on public.saved_prompts using gin (tags);

-- Search: one text per prompt (name, text and tags on separate lines) matched with ILIKE.
create function public.prompt_search_text(name text, prompt_text text, tags text[]) returns text
language sql immutable parallel safe as $$
  select name || E'\n' || prompt_text || E'\n' || array_to_string(tags, E'\n')
$$;

-- A LIKE pattern that matches the text literally (%, _ and \ escaped).
create function public.like_escape(value text) returns text
language sql immutable parallel safe as $$
  select replace(replace(replace(value, '\', '\\'), '%', '\%'), '_', '\_')
$$;

-- The caller's prompts whose name, text or a tag contains the search, case-insensitively.
-- Runs as the caller (RLS applies) and is inlined, so the caller's order/limit/count apply.
create function public.search_prompt_library(search text) returns setof public.saved_prompts
language sql stable as $$
  select p.* from public.saved_prompts p
  where p.user_id = (select auth.uid())
    and public.prompt_search_text(p.name, p.prompt_text, p.tags) ilike '%' || public.like_escape(btrim(search)) || '%'
$$;
revoke execute on function public.search_prompt_library(text) from public, anon;
grant execute on function public.search_prompt_library(text) to authenticated, service_role;

-- Trigram index for the search where pg_trgm exists (hosted Supabase, PostgreSQL with contrib).
-- Without it (PGlite) the search scans the caller's rows, which stays within budget at 10,000.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_trgm') then
    create schema if not exists extensions;
    create extension if not exists pg_trgm with schema extensions;
    execute format(
      'create index saved_prompts_search_trgm_idx on public.saved_prompts using gin (public.prompt_search_text(name, prompt_text, tags) %I.gin_trgm_ops)',
      (select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm')
    );
  end if;
end
$$;

-- A short one-line preview for cards (a computed field: select=...,preview:prompt_preview), so a
-- folder listing never carries whole prompt texts.
create function public.prompt_preview(prompt public.saved_prompts) returns text
language sql stable as $$
  select left(btrim(regexp_replace(left(prompt.prompt_text, 600), '\s+', ' ', 'g')), 240)
$$;

-- Creates a folder tree in one call (library import): folders in order, parents before children,
-- each [{ ref, name, parent_ref | parent_id, created_at }]. Returns { ref: new id }. Runs as the
-- caller, so RLS and the parent check apply to every folder; all or nothing.
create function public.create_prompt_folder_tree(folders jsonb) returns jsonb
language plpgsql volatile set search_path = '' as $$
declare
  item jsonb;
  refs jsonb := '{}';
  parent uuid;
  new_id uuid;
begin
  if jsonb_typeof(folders) is distinct from 'array' then
    raise exception 'folders must be an array' using errcode = '22023';
  end if;
  if jsonb_array_length(folders) > 5000 then
    raise exception 'At most 5,000 folders can be imported at once.' using errcode = '22023';
  end if;
  for item in select value from jsonb_array_elements(folders) loop
    if coalesce(item ->> 'ref', '') = '' or refs ? (item ->> 'ref') then
      raise exception 'Every folder needs its own ref.' using errcode = '22023';
    end if;
    if item ->> 'parent_ref' is not null then
      parent := (refs ->> (item ->> 'parent_ref'))::uuid;
      if parent is null then
        raise exception 'Folder "%" comes before its parent.', item ->> 'name' using errcode = '22023';
      end if;
    else
      parent := (item ->> 'parent_id')::uuid;
    end if;
    insert into public.prompt_folders (user_id, name, parent_folder_id, created_at)
    values ((select auth.uid()), btrim(item ->> 'name'), parent, coalesce((item ->> 'created_at')::timestamptz, now()))
    returning id into new_id;
    refs := refs || jsonb_build_object(item ->> 'ref', new_id);
  end loop;
  return refs;
end
$$;
revoke execute on function public.create_prompt_folder_tree(jsonb) from public, anon;
grant execute on function public.create_prompt_folder_tree(jsonb) to authenticated, service_role;
