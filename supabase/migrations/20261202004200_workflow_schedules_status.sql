-- Whether scheduled workflows run on this project, for the Schedule card of a workflow's page: it
-- says schedules are off, and why, instead of offering a schedule that would never run.
--
-- On hosted Supabase they run when pg_cron calls run-scheduled-workflows every minute through
-- pg_net (migration 20261127000200): the extensions are installed, the job exists and is active,
-- and Vault holds the project URL and service role key it calls with. Where pg_cron or pg_net is
-- missing that migration scheduled nothing. The local stack has neither and runs its own scheduler
-- instead (supabase/local/scheduler.ts); it declares at start-up whether it does
-- (private.declare_local_scheduler), so the answer is honest there too.

-- The local stack's declaration: one row, written by the stack (the database owner) at start-up.
create table private.local_scheduler (
  id boolean primary key default true check (id),
  running boolean not null,
  declared_at timestamptz not null default now()
);
revoke all on table private.local_scheduler from public, anon, authenticated, service_role;

create function private.declare_local_scheduler(running boolean) returns void
language sql volatile security invoker set search_path = '' as $$
  insert into private.local_scheduler as s (id, running, declared_at) values (true, running, now())
  on conflict (id) do update set running = excluded.running, declared_at = excluded.declared_at
$$;
revoke execute on function private.declare_local_scheduler(boolean) from public, anon, authenticated, service_role;

-- 'on'; 'local_off' (a local stack started without its scheduler); 'no_extensions' (pg_cron or
-- pg_net missing); 'no_job' (no active run-scheduled-workflows job); 'no_secrets' (Vault lacks
-- project_url or service_role_key); 'unknown' (the job could not be read). pg_cron, pg_net and
-- Vault are looked up by name at run time, so this works on databases that have none of them.
create function private.workflow_schedules_status() returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  local_running boolean;
  jobs int;
  secrets int;
begin
  select s.running into local_running from private.local_scheduler s;
  if found then
    return case when local_running then 'on' else 'local_off' end;
  end if;
  if to_regclass('cron.job') is null or not exists (
    select 1 from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'net' and p.proname = 'http_post'
  ) then
    return 'no_extensions';
  end if;
  execute 'select count(*)::int from cron.job where jobname = $1 and active' into jobs using 'run-scheduled-workflows';
  if jobs = 0 then
    return 'no_job';
  end if;
  if to_regclass('vault.secrets') is null then
    return 'no_secrets';
  end if;
  execute 'select count(distinct name)::int from vault.secrets where name in (''project_url'', ''service_role_key'')' into secrets;
  return case when secrets = 2 then 'on' else 'no_secrets' end;
exception when insufficient_privilege or undefined_column then
  return 'unknown';
end
$$;
revoke execute on function private.workflow_schedules_status() from public, anon;
grant execute on function private.workflow_schedules_status() to authenticated, service_role;

create function public.workflow_schedules_status() returns text
language sql stable security invoker set search_path = '' as $$ select private.workflow_schedules_status() $$;
revoke execute on function public.workflow_schedules_status() from public, anon;
grant execute on function public.workflow_schedules_status() to authenticated, service_role;
