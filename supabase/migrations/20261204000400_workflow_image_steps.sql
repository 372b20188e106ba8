-- Image steps in workflows: a step of kind 'image' draws one picture from its prompt with the
-- user's own image model. The picture is kept like any other (generated_images, the owner's folder
-- of the generated-images bucket) with purpose 'workflow', and the step's row names it so the run
-- page shows it; deleting the picture from the gallery leaves the step without it.

alter table public.generated_images drop constraint generated_images_purpose_check;
alter table public.generated_images add constraint generated_images_purpose_check
  check (purpose in ('offer_hero', 'ad_creative', 'deck_slide', 'run', 'gallery', 'workflow'));

alter table public.workflow_run_steps drop constraint workflow_run_steps_kind_check;
alter table public.workflow_run_steps add constraint workflow_run_steps_kind_check
  check (kind in ('prompt', 'for_each', 'image'));

alter table public.workflow_run_steps
  add column image_id uuid references public.generated_images (id) on delete set null;
create index workflow_run_steps_image_idx on public.workflow_run_steps (image_id) where image_id is not null;

-- As before, with the picture: `changes.imageId` sets the step's image_id (null clears it).
create or replace function public.save_workflow_run_step(run uuid, lease uuid, step integer, changes jsonb) returns boolean
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
      image_id = case when changes ? 'imageId' then (changes ->> 'imageId')::uuid else s.image_id end,
      started_at = case when (changes ->> 'started')::boolean then now() else s.started_at end,
      finished_at = case when (changes ->> 'finished')::boolean then now() else s.finished_at end
  where s.run_id = run and s.position = step;
  return found;
end
$$;

-- As before; a step run again from nothing also lets go of the picture it made (the picture stays
-- in the gallery), so the run shows only what the new attempt draws.
create or replace function public.restart_workflow_run_steps(run uuid, lease uuid, from_position integer) returns boolean
language plpgsql volatile security invoker set search_path = '' as $$
begin
  if not private.holds_workflow_run(run, lease) then
    return false;
  end if;
  update public.workflow_run_steps s
  set status = 'pending', output = '', error = null, started_at = null, finished_at = null, edited_at = null, image_id = null
  where s.run_id = run and s.position >= from_position and s.status <> 'pending';
  update public.workflow_run_steps s set status = 'done'
  where s.run_id = run and s.position < from_position and s.status = 'stopped';
  return true;
end
$$;
