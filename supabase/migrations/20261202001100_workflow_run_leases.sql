-- Resumable workflow runs. A hosted Edge Function lives at most a few minutes (150 s of wall clock
-- on the free plan, 400 s on paid ones) and may be restarted at any time, so a long run is worked
-- on in segments, each holding the run's lease:
--   * lease_id / lease_expires_at: who works on the run now, and until when they are taken to be
--     alive. The worker renews it every few seconds (a heartbeat); a worker that was cut off stops
--     renewing, and once its lease has expired anyone may take the run over. A run not finished
--     (status 'running') whose lease expired, or was released at a segment's end, is "interrupted":
--     the dashboard offers to resume it and the scheduler resumes a scheduled one.
--   * attempts: how many segments took the run (the scheduler gives up on a run cut off too often).
-- Every write of a worker names its lease, so a worker that lost its run (taken over after its lease
-- expired) changes nothing any more. Each step, and each for-each item, is saved as it ends: a
-- resumed run goes on from the first step not done (a for-each step from its first item not done),
-- never asking the provider again for what was saved, and never taking a second generation (the
-- run's one generation is kept in workflow_runs.counted, taken once).
-- Written by the run-workflow and run-scheduled-workflows functions only (service role); the owner
-- reads the new columns through the existing "owner reads" policy and cannot write them (insert and
-- update on workflow_runs stay revoked from authenticated).

alter table public.workflow_runs
  add column lease_id uuid,
  add column lease_expires_at timestamptz,
  add column attempts integer not null default 0 check (attempts >= 0),
  add constraint workflow_runs_lease_check check ((lease_id is null) = (lease_expires_at is null));

-- The scheduler's question: which scheduled runs were left unfinished.
create index workflow_runs_unfinished_idx on public.workflow_runs (created_at) where status = 'running';

-- Takes the run for a new segment when nobody holds a live lease on it (or the caller already holds
-- it): true when taken. The run goes back to running with the provider and model of this segment.
create function public.claim_workflow_run(run uuid, owner uuid, lease uuid, seconds integer, provider text, model text)
returns boolean
language plpgsql volatile security invoker set search_path = '' as $$
begin
  update public.workflow_runs r
  set lease_id = lease,
      lease_expires_at = now() + make_interval(secs => seconds),
      attempts = r.attempts + 1,
      status = 'running',
      error = null,
      finished_at = null,
      provider = claim_workflow_run.provider,
      model = claim_workflow_run.model
  where r.id = run and r.user_id = owner
    and (r.lease_id is null or r.lease_expires_at <= now() or r.lease_id = lease);
  return found;
end
$$;

-- The heartbeat: false when the lease is not the caller's any more (the worker must stop).
create function public.renew_workflow_run_lease(run uuid, lease uuid, seconds integer) returns boolean
language plpgsql volatile security invoker set search_path = '' as $$
begin
  update public.workflow_runs r set lease_expires_at = now() + make_interval(secs => seconds)
  where r.id = run and r.lease_id = lease;
  return found;
end
$$;

-- Whether the lease is the caller's; the run's row is share-locked for the rest of the transaction,
-- so a claim by someone else waits until the caller's write is done (and then sees the write).
create function private.holds_workflow_run(run uuid, lease uuid) returns boolean
language plpgsql volatile security invoker set search_path = '' as $$
begin
  perform 1 from public.workflow_runs r where r.id = run and r.lease_id = lease for share;
  return found;
end
$$;
revoke execute on function private.holds_workflow_run(uuid, uuid) from public, anon, authenticated;
grant execute on function private.holds_workflow_run(uuid, uuid) to service_role;

-- A step's progress, saved by the lease holder: only the keys present in `changes` change
-- (status, model, prompt, output, error, items, passages; started / finished: true stamps now).
create function public.save_workflow_run_step(run uuid, lease uuid, step integer, changes jsonb) returns boolean
language plpgsql volatile security invoker set search_path = '' as $$
begin
  if not private.holds_workflow_run(run, lease) then
    return false;
  end if;
  update public.workflow_run_steps s
  set status = coalesce(changes ->> 'status', s.status),
      model = case when changes ? 'model' then changes ->> 'model' else s.model end,
      prompt = coalesce(changes ->> 'prompt', s.prompt),
      output = coalesce(changes ->> 'output', s.output),
      error = case when changes ? 'error' then changes ->> 'error' else s.error end,
      items = coalesce(changes -> 'items', s.items),
      passages = coalesce(changes -> 'passages', s.passages),
      started_at = case when (changes ->> 'started')::boolean then now() else s.started_at end,
      finished_at = case when (changes ->> 'finished')::boolean then now() else s.finished_at end
  where s.run_id = run and s.position = step;
  return found;
end
$$;

-- One for-each item as it ends, in place of any earlier result at its index (items kept in index
-- order), so items ending at once in parallel are all kept.
create function public.save_workflow_run_item(run uuid, lease uuid, step integer, item jsonb) returns boolean
language plpgsql volatile security invoker set search_path = '' as $$
begin
  if not private.holds_workflow_run(run, lease) or jsonb_typeof(item -> 'index') <> 'number' then
    return false;
  end if;
  update public.workflow_run_steps s
  set items = (
    select coalesce(jsonb_agg(e order by (e ->> 'index')::integer), '[]'::jsonb)
    from (
      select e from jsonb_array_elements(s.items) e
      where jsonb_typeof(e -> 'index') = 'number' and (e ->> 'index')::integer <> (item ->> 'index')::integer
      union all
      select item
    ) kept(e)
  )
  where s.run_id = run and s.position = step;
  return found;
end
$$;

-- A segment starts at `from_position`: the steps from there on start again from nothing (a
-- for-each step keeps its items, to go on from the first not done); a stopped step before it whose
-- output the owner kept counts as done.
create function public.restart_workflow_run_steps(run uuid, lease uuid, from_position integer) returns boolean
language plpgsql volatile security invoker set search_path = '' as $$
begin
  if not private.holds_workflow_run(run, lease) then
    return false;
  end if;
  update public.workflow_run_steps s
  set status = 'pending', output = '', error = null, started_at = null, finished_at = null, edited_at = null
  where s.run_id = run and s.position >= from_position and s.status <> 'pending';
  update public.workflow_run_steps s set status = 'done'
  where s.run_id = run and s.position < from_position and s.status = 'stopped';
  return true;
end
$$;

-- The segment's end: the run is done, failed or stopped, or (outcome 'interrupted') left unfinished
-- for the next segment; the lease is given up either way.
create function public.release_workflow_run(run uuid, lease uuid, outcome text, failure text) returns boolean
language plpgsql volatile security invoker set search_path = '' as $$
begin
  update public.workflow_runs r
  set lease_id = null,
      lease_expires_at = null,
      status = case when outcome = 'interrupted' then 'running' else outcome end,
      error = case when outcome = 'interrupted' then null else nullif(left(failure, 2000), '') end,
      finished_at = case when outcome = 'interrupted' then null else now() end
  where r.id = run and r.lease_id = lease;
  return found;
end
$$;

revoke execute on function
  public.claim_workflow_run(uuid, uuid, uuid, integer, text, text),
  public.renew_workflow_run_lease(uuid, uuid, integer),
  public.save_workflow_run_step(uuid, uuid, integer, jsonb),
  public.save_workflow_run_item(uuid, uuid, integer, jsonb),
  public.restart_workflow_run_steps(uuid, uuid, integer),
  public.release_workflow_run(uuid, uuid, text, text)
from public, anon, authenticated;
grant execute on function
  public.claim_workflow_run(uuid, uuid, uuid, integer, text, text),
  public.renew_workflow_run_lease(uuid, uuid, integer),
  public.save_workflow_run_step(uuid, uuid, integer, jsonb),
  public.save_workflow_run_item(uuid, uuid, integer, jsonb),
  public.restart_workflow_run_steps(uuid, uuid, integer),
  public.release_workflow_run(uuid, uuid, text, text)
to service_role;
