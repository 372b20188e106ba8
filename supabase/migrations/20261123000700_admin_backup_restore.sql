-- Restore from a backup file (the master admin's data backup card).
-- The dashboard validates the file and shows a dry-run plan; this applies the rows the plan
-- chose, all in the one transaction of the request. It runs as the caller (security invoker):
-- RLS and the role guard decide exactly as for single REST writes, so a restore can do nothing
-- its master admin could not do row by row — it only makes the batch all-or-nothing.
--
-- changes: [{ "table": "saved_prompts", "key": ["id"], "mode": "upsert" | "update", "rows": [...] }]
-- upsert inserts rows or overwrites them by key; update changes existing rows only (e.g. the
-- name, phone and role of profiles). Returns { table: rows written }.
create function public.admin_restore_backup(changes jsonb) returns jsonb
language plpgsql volatile security invoker set search_path = '' as $$
declare
  part jsonb;
  tbl text;
  keys text[];
  cols text[];
  updatable text[];
  column_list text;
  affected bigint;
  written jsonb := '{}';
begin
  if not public.is_master_admin() then
    raise exception 'Only master admins can restore a backup.' using errcode = '42501';
  end if;
  if jsonb_typeof(changes) is distinct from 'array' then
    raise exception 'changes must be an array' using errcode = '22023';
  end if;
  for part in select value from jsonb_array_elements(changes) loop
    tbl := part ->> 'table';
    -- Only API tables under RLS: the same surface REST exposes.
    if not exists (
      select 1 from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relname = tbl and c.relkind = 'r' and c.relrowsecurity
    ) then
      raise exception 'Cannot restore into "%".', tbl using errcode = '42P01';
    end if;
    if jsonb_typeof(part -> 'rows') is distinct from 'array' or jsonb_array_length(part -> 'rows') = 0 then
      continue;
    end if;
    keys := array(select jsonb_array_elements_text(part -> 'key'));
    cols := array(select distinct k from jsonb_array_elements(part -> 'rows') r, jsonb_object_keys(r) k order by k);
    updatable := array(select c from unnest(cols) c where c <> all (keys));
    if cardinality(keys) = 0 or not keys <@ cols then
      raise exception 'Every row restored into "%" needs its key.', tbl using errcode = '22023';
    end if;
    column_list := (select string_agg(format('%I', c), ', ') from unnest(cols) c);
    if part ->> 'mode' = 'upsert' then
      execute format(
        'insert into public.%I (%s) select %s from jsonb_populate_recordset(null::public.%I, $1) on conflict (%s) do %s',
        tbl, column_list, column_list, tbl,
        (select string_agg(format('%I', c), ', ') from unnest(keys) c),
        case when cardinality(updatable) = 0 then 'nothing'
          else 'update set ' || (select string_agg(format('%I = excluded.%I', c, c), ', ') from unnest(updatable) c) end
      ) using part -> 'rows';
    elsif part ->> 'mode' = 'update' then
      if cardinality(updatable) = 0 then
        continue;
      end if;
      execute format(
        'update public.%I as t set %s from jsonb_populate_recordset(null::public.%I, $1) as r where %s',
        tbl,
        (select string_agg(format('%I = r.%I', c, c), ', ') from unnest(updatable) c),
        tbl,
        (select string_agg(format('t.%I = r.%I', c, c), ' and ') from unnest(keys) c)
      ) using part -> 'rows';
    else
      raise exception 'Unknown restore mode "%".', part ->> 'mode' using errcode = '22023';
    end if;
    get diagnostics affected = row_count;
    written := written || jsonb_build_object(tbl, coalesce((written ->> tbl)::bigint, 0) + affected);
  end loop;
  return written;
end
$$;

revoke execute on function public.admin_restore_backup(jsonb) from public, anon;
grant execute on function public.admin_restore_backup(jsonb) to authenticated, service_role;
