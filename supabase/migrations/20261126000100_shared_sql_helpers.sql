-- One helper per rule instead of one copy per table: the folder-cycle check of prompt and
-- document folders, and the "a reference points at one of my own rows" check of the policies.
-- Errors, SQLSTATEs, trigger names and policy names stay as they were.

-- 1. A folder's parent is the same user's folder and never the folder itself or one of its
--    descendants. For a table with `id` and `user_id`; the parent column is the trigger's
--    argument. Walks up from the new parent (union stops on any loop already present).
create function private.check_folder_parent() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  parent_column text := tg_argv[0];
  parent_id uuid := (to_jsonb(new) ->> parent_column)::uuid;
  parent_owner uuid;
  loops boolean;
begin
  if parent_id is null then
    return new;
  end if;
  execute format('select f.user_id from %I.%I f where f.id = $1', tg_table_schema, tg_table_name)
    into parent_owner using parent_id;
  if parent_owner is not null and parent_owner <> new.user_id then
    raise exception 'Parent folder not found.' using errcode = '23503';
  end if;
  execute format(
    'with recursive ancestors(id) as (
       select $1
       union
       select f.%1$I from %2$I.%3$I f join ancestors a on f.id = a.id
       where f.%1$I is not null
     )
     select exists (select 1 from ancestors where id = $2)',
    parent_column, tg_table_schema, tg_table_name
  ) into loops using parent_id, new.id;
  if loops then
    raise exception 'A folder cannot be moved into itself or one of its subfolders.' using errcode = '23514';
  end if;
  return new;
end
$$;
-- Trigger functions are never called directly.
revoke execute on function private.check_folder_parent() from public, anon, authenticated;

-- Same names as before, so they keep their place among each table's BEFORE triggers.
drop trigger prompt_folders_check_parent on public.prompt_folders;
create trigger prompt_folders_check_parent before insert or update of parent_folder_id, user_id on public.prompt_folders
  for each row execute function private.check_folder_parent('parent_folder_id');
drop trigger document_folders_check_parent on public.document_folders;
create trigger document_folders_check_parent before insert or update of parent_folder_id, user_id on public.document_folders
  for each row execute function private.check_folder_parent('parent_folder_id');
drop function private.prompt_folders_check_parent(), private.document_folders_check_parent();

-- 2. A reference (null, or the id of a row of `tbl`) is allowed when it is null or names one of
--    the caller's own rows. SECURITY DEFINER so the check sees the row whatever the table's select
--    policy; it only ever answers about the caller's own rows. Policies call it, so the API roles
--    may execute it; `private` is not exposed over the API.
create function private.owns_row(tbl regclass, row_id uuid) returns boolean
language plpgsql stable security definer set search_path = '' as $$
declare
  owned boolean;
begin
  if row_id is null then
    return true;
  end if;
  execute format('select exists (select 1 from %s t where t.id = $1 and t.user_id = $2)', tbl)
    into owned using row_id, (select auth.uid());
  return owned;
end
$$;
revoke execute on function private.owns_row(regclass, uuid) from public;
grant execute on function private.owns_row(regclass, uuid) to anon, authenticated, service_role;

-- Every policy that called a per-table helper calls owns_row with that table instead. Policies
-- name functions by identity, so each expression is rewritten and set again (same policy, same
-- command and roles); dropping the old helpers below fails if one was missed.
do $$
declare
  helpers constant text[][] := array[
    array['owns_prompt_folder', 'public.prompt_folders'],
    array['owns_document_folder', 'public.document_folders'],
    array['owns_kb_folder', 'public.kb_folders'],
    array['owns_saved_prompt', 'public.saved_prompts']
  ];
  pattern constant text := 'private\.(owns_prompt_folder|owns_document_folder|owns_kb_folder|owns_saved_prompt)\(';
  pol record;
  using_expr text;
  check_expr text;
  i int;
begin
  for pol in
    select p.polname, p.polrelid::regclass as tbl,
      pg_get_expr(p.polqual, p.polrelid) as qual, pg_get_expr(p.polwithcheck, p.polrelid) as with_check
    from pg_policy p
    where coalesce(pg_get_expr(p.polqual, p.polrelid), '') ~ pattern
       or coalesce(pg_get_expr(p.polwithcheck, p.polrelid), '') ~ pattern
  loop
    using_expr := pol.qual;
    check_expr := pol.with_check;
    for i in 1 .. array_length(helpers, 1) loop
      using_expr := regexp_replace(using_expr, 'private\.' || helpers[i][1] || '\(', format('private.owns_row(%L::regclass, ', helpers[i][2]), 'g');
      check_expr := regexp_replace(check_expr, 'private\.' || helpers[i][1] || '\(', format('private.owns_row(%L::regclass, ', helpers[i][2]), 'g');
    end loop;
    execute format('alter policy %I on %s', pol.polname, pol.tbl)
      || case when using_expr is not null then format(' using (%s)', using_expr) else '' end
      || case when check_expr is not null then format(' with check (%s)', check_expr) else '' end;
  end loop;
end
$$;

drop function private.owns_prompt_folder(uuid), private.owns_document_folder(uuid), private.owns_kb_folder(uuid),
  private.owns_saved_prompt(uuid);
