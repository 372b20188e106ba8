-- Scheduled workflow runs: the run-scheduled-workflows Edge Function runs the due ones with each
-- owner's stored key. On hosted Supabase pg_cron calls it every minute through pg_net; the local
-- stack has its own scheduler (supabase/local/scheduler.ts) and no such extensions.

-- The knowledge-base search as one owner, for the scheduled runs (the function holds only the
-- service role, which row-level security does not apply to). match_knowledge relies on RLS to
-- keep to the caller's passages, so this runs it as the authenticated role with the owner's
-- claims for the time of the call: the owner's own policy applies, exactly as when they search.
-- Only the service role may call it.
create function public.match_knowledge_as(
  owner uuid,
  query text,
  selection text default 'all',
  folder uuid default null,
  match_count int default 5,
  query_embedding real[] default null,
  embedding_model text default null
) returns table (
  chunk_id uuid, document_id uuid, document_name text, folder_id uuid, "position" int, content text, rank real
)
language plpgsql volatile security definer set search_path = '' as $$
declare
  previous text := current_setting('request.jwt.claims', true);
begin
  if owner is null then
    raise exception 'owner is required' using errcode = '22004';
  end if;
  perform set_config('request.jwt.claims', json_build_object('sub', owner, 'role', 'authenticated')::text, true);
  return query
    select m.chunk_id, m.document_id, m.document_name, m.folder_id, m."position", m.content, m.rank
    from public.match_knowledge(query, selection, folder, match_count, query_embedding, embedding_model) as m;
  perform set_config('request.jwt.claims', coalesce(previous, ''), true);
end
$$;
-- Owned by authenticated, so its body runs under that role's row-level security (a function owned
-- by the migration's role would run with that role's bypass of it).
alter function public.match_knowledge_as(uuid, text, text, uuid, int, real[], text) owner to authenticated;
revoke execute on function public.match_knowledge_as(uuid, text, text, uuid, int, real[], text) from public, anon, authenticated;
grant execute on function public.match_knowledge_as(uuid, text, text, uuid, int, real[], text) to service_role;

-- Every minute, where pg_cron and pg_net exist (hosted Supabase): POST the function with the
-- project URL and service role key kept in Vault (secrets `project_url` and `service_role_key`,
-- see README "Scheduled workflows"); until both are there the job does nothing. Elsewhere
-- (PGlite, Debian PostgreSQL) nothing is scheduled: the local stack calls the function itself.
do $do$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
     and exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_cron;
    create schema if not exists extensions;
    create extension if not exists pg_net with schema extensions;
    perform cron.schedule(
      'run-scheduled-workflows',
      '* * * * *',
      $job$
      select net.http_post(
        url := secrets.url || '/functions/v1/run-scheduled-workflows',
        headers := jsonb_build_object(
          'content-type', 'application/json',
          'apikey', secrets.key,
          'authorization', 'Bearer ' || secrets.key
        ),
        body := '{}'::jsonb,
        -- A tick runs a few workflows one after the other: give it time to answer.
        timeout_milliseconds := 300000
      )
      from (
        select
          (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') as url,
          (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key') as key
      ) as secrets
      where secrets.url is not null and secrets.key is not null
      $job$
    );
  else
    raise notice 'pg_cron or pg_net is not available: scheduled workflows are not run by the database here (the local stack runs its own scheduler).';
  end if;
end
$do$;

-- A workflow's updated_at is when the owner last edited it (the order of their list). The
-- scheduler moving the next due time at every run, or a schedule being saved or paused, is not an
-- edit: without this an hourly workflow would jump to the top of the list every hour.
create function private.workflows_touch_on_edit() returns trigger
language plpgsql set search_path = '' as $$
begin
  if (new.name, new.description, new.definition) is distinct from (old.name, old.description, old.definition) then
    new.updated_at := now();
  else
    new.updated_at := old.updated_at;
  end if;
  return new;
end
$$;
revoke execute on function private.workflows_touch_on_edit() from public, anon, authenticated;
drop trigger workflows_set_updated_at on public.workflows;
create trigger workflows_set_updated_at before update on public.workflows
  for each row execute function private.workflows_touch_on_edit();
