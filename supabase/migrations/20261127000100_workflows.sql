-- Workflows: a named list of steps (prompts with their inputs: the run form, page variables, the
-- knowledge base, earlier steps' outputs; or a "for each" over an earlier output), run as a whole
-- by the run-workflow Edge Function and optionally on a schedule. The definition is JSON with its
-- version (shared/core/workflows/definition.ts reads every version). Owner only; a view_only
-- account reads its workflows and runs them (runs are written by the function) but cannot save,
-- change or delete a workflow.

create table public.workflows (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null check (length(btrim(name)) > 0 and length(name) <= 100),
  description text not null default '' check (length(description) <= 1000),
  definition jsonb not null check (
    jsonb_typeof(definition) = 'object' and jsonb_typeof(definition -> 'version') = 'number' and length(definition::text) <= 500000
  ),
  -- A schedule ({ frequency: hourly | daily | weekly, time "HH:MM", weekday 0–6, timeZone }) and its
  -- next due time; both or neither. A schedule is paused (with the reason the owner was told)
  -- when its key stopped working; saving the schedule again resumes it.
  schedule jsonb check (schedule is null or (jsonb_typeof(schedule) = 'object' and length(schedule::text) <= 1000)),
  next_run_at timestamptz,
  schedule_paused_reason text check (schedule_paused_reason is null or length(schedule_paused_reason) <= 1000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((schedule is null) = (next_run_at is null))
);
create index workflows_user_updated_idx on public.workflows (user_id, updated_at desc, id);
-- The scheduler's question: which schedules are due.
create index workflows_due_idx on public.workflows (next_run_at) where next_run_at is not null and schedule_paused_reason is null;

create table public.workflow_runs (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- A saved workflow's run (kept in its history), or a built-in template's.
  workflow_id uuid references public.workflows (id) on delete cascade,
  template_id text check (template_id is null or length(template_id) <= 100),
  workflow_name text not null check (length(workflow_name) <= 100),
  -- The definition as it was run, so a run reads the same after the workflow is edited.
  definition jsonb not null check (jsonb_typeof(definition) = 'object'),
  provider text not null check (length(btrim(provider)) > 0 and length(provider) <= 50),
  model text not null check (length(btrim(model)) > 0 and length(model) <= 200),
  trigger text not null check (trigger in ('dashboard', 'panel', 'schedule')),
  -- The run form's values and the page variables, by field id.
  field_values jsonb not null default '{}' check (jsonb_typeof(field_values) = 'object' and length(field_values::text) <= 300000),
  status text not null default 'running' check (status in ('running', 'done', 'failed', 'stopped')),
  error text check (error is null or length(error) <= 2000),
  -- Whether this run holds one of the month's generations (taken at the start, given back when
  -- the run ended without producing anything).
  counted boolean not null default false,
  document_id uuid references public.generated_documents (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz,
  check ((workflow_id is null) <> (template_id is null))
);
create index workflow_runs_user_created_idx on public.workflow_runs (user_id, created_at desc, id);
create index workflow_runs_workflow_created_idx on public.workflow_runs (workflow_id, created_at desc);
create index workflow_runs_document_idx on public.workflow_runs (document_id);

create table public.workflow_run_steps (
  run_id uuid not null references public.workflow_runs (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  position int not null check (position >= 0),
  name text not null check (length(name) <= 40),
  kind text not null check (kind in ('prompt', 'for_each')),
  status text not null default 'pending' check (status in ('pending', 'running', 'done', 'failed', 'stopped')),
  model text check (model is null or length(model) <= 200),
  -- What was sent (a for-each step: the prompt before its item goes in) and what came back.
  prompt text not null default '' check (length(prompt) <= 1000000),
  output text not null default '' check (length(output) <= 2000000),
  error text check (error is null or length(error) <= 2000),
  -- A for-each step's items: [{ input, output, status, error }].
  items jsonb not null default '[]' check (jsonb_typeof(items) = 'array'),
  -- The knowledge-base passages the step was given.
  passages jsonb not null default '[]' check (jsonb_typeof(passages) = 'array'),
  started_at timestamptz,
  finished_at timestamptz,
  -- Set when the owner changed the output by hand before the next steps ran.
  edited_at timestamptz,
  primary key (run_id, position)
);
create index workflow_run_steps_user_idx on public.workflow_run_steps (user_id);

alter table public.workflows enable row level security;
alter table public.workflow_runs enable row level security;
alter table public.workflow_run_steps enable row level security;

create policy "workflows: owner reads" on public.workflows for select
  to authenticated using (user_id = (select auth.uid()));
create policy "workflows: owner inserts" on public.workflows for insert
  to authenticated with check (user_id = (select auth.uid()));
create policy "workflows: owner updates" on public.workflows for update
  to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "workflows: owner deletes" on public.workflows for delete
  to authenticated using (user_id = (select auth.uid()));

-- Runs and their steps are written by the run-workflow function (service role), which checks the
-- caller may run the workflow; the owner reads them, deletes a run, and may change a finished
-- step's output before running the next ones (only that column, see the grants below).
create policy "workflow_runs: owner reads" on public.workflow_runs for select
  to authenticated using (user_id = (select auth.uid()));
create policy "workflow_runs: owner deletes" on public.workflow_runs for delete
  to authenticated using (user_id = (select auth.uid()));
create policy "workflow_run_steps: owner reads" on public.workflow_run_steps for select
  to authenticated using (user_id = (select auth.uid()));
create policy "workflow_run_steps: owner edits outputs" on public.workflow_run_steps for update
  to authenticated using (user_id = (select auth.uid()) and status in ('done', 'stopped'))
  with check (user_id = (select auth.uid()));

revoke insert, update on public.workflow_runs from authenticated;
revoke insert, update, delete on public.workflow_run_steps from authenticated;
grant update (output, edited_at) on public.workflow_run_steps to authenticated;

create trigger workflows_refuse_view_only before insert or update or delete on public.workflows
  for each row execute function private.refuse_view_only('View-only accounts cannot save, change or delete workflows.');

create function private.workflows_set_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end
$$;
revoke execute on function private.workflows_set_updated_at() from public, anon, authenticated;
create trigger workflows_set_updated_at before update on public.workflows
  for each row execute function private.workflows_set_updated_at();
create trigger workflow_runs_set_updated_at before update on public.workflow_runs
  for each row execute function private.workflows_set_updated_at();

-- A run takes one of the month's generations when it starts (refused at the limit, as the
-- document generator is), and gives it back if it ended without any step's output; continuing
-- such a run takes one again. Only the run-workflow function (service role) calls these.
create function public.take_workflow_generation(owner uuid, run uuid) returns jsonb
language plpgsql volatile security invoker set search_path = '' as $$
declare
  counts public.user_generation_counts := public.lock_generation_counts(owner);
  quota jsonb := public.generation_quota_of(counts);
begin
  if exists (select 1 from public.workflow_runs r where r.id = run and r.user_id = owner and r.counted) then
    return quota;
  end if;
  if (quota ->> 'remaining')::integer <= 0 then
    raise exception 'Monthly Generation Limit Reached' using errcode = 'PT429',
      detail = format('%s of %s generations used this month.', quota ->> 'used', quota ->> 'limit'),
      hint = 'generation_limit';
  end if;
  update public.workflow_runs set counted = true where id = run and user_id = owner;
  update public.user_generation_counts set generation_count = generation_count + 1, updated_at = now()
  where user_id = owner returning * into counts;
  return public.generation_quota_of(counts);
end
$$;

create function public.return_workflow_generation(owner uuid, run uuid) returns jsonb
language plpgsql volatile security invoker set search_path = '' as $$
declare
  counts public.user_generation_counts := public.lock_generation_counts(owner);
begin
  update public.workflow_runs set counted = false where id = run and user_id = owner and counted;
  if found then
    update public.user_generation_counts set generation_count = greatest(generation_count - 1, 0), updated_at = now()
    where user_id = owner returning * into counts;
  end if;
  return public.generation_quota_of(counts);
end
$$;

revoke execute on function public.take_workflow_generation(uuid, uuid), public.return_workflow_generation(uuid, uuid)
  from public, anon, authenticated;
grant execute on function public.take_workflow_generation(uuid, uuid), public.return_workflow_generation(uuid, uuid) to service_role;
