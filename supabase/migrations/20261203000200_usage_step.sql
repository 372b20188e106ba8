-- Which step of a workflow run a usage row served, so the run page shows each step's cost. Null
-- for every call that is not a workflow step.
alter table public.usage_events add column step_index integer check (step_index >= 0);
alter table public.usage_events add constraint usage_events_step_needs_run
  check (step_index is null or subject_kind = 'workflow_run');
