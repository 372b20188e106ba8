-- Web search on workflow steps: a prompt step may search the web for its prompt (with the owner's
-- search service, or the provider's own search tool) and send the results as numbered sources.
-- The sources the step was given ({n, title, site, url, snippet}) and the path that found them are
-- kept with the step, so the run page shows them after the run and after a reload; both null
-- when the step did not search.

alter table public.workflow_run_steps
  add column web_sources jsonb
    check (web_sources is null or (jsonb_typeof(web_sources) = 'array' and jsonb_array_length(web_sources) <= 20 and length(web_sources::text) <= 100000)),
  add column web_search_path text
    check (web_search_path is null or web_search_path in ('brave', 'tavily', 'searxng', 'gemini', 'anthropic'));

-- As before, with the web: `changes.webSources` and `changes.webSearchPath` set them (null clears).
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
      web_sources = case when changes ? 'webSources' then nullif(changes -> 'webSources', 'null'::jsonb) else s.web_sources end,
      web_search_path = case when changes ? 'webSearchPath' then changes ->> 'webSearchPath' else s.web_search_path end,
      started_at = case when (changes ->> 'started')::boolean then now() else s.started_at end,
      finished_at = case when (changes ->> 'finished')::boolean then now() else s.finished_at end
  where s.run_id = run and s.position = step;
  return found;
end
$$;

-- As before; a step run again from nothing also lets go of the sources its last attempt was given.
create or replace function public.restart_workflow_run_steps(run uuid, lease uuid, from_position integer) returns boolean
language plpgsql volatile security invoker set search_path = '' as $$
begin
  if not private.holds_workflow_run(run, lease) then
    return false;
  end if;
  update public.workflow_run_steps s
  set status = 'pending', output = '', error = null, started_at = null, finished_at = null, edited_at = null, image_id = null,
      web_sources = null, web_search_path = null
  where s.run_id = run and s.position >= from_position and s.status <> 'pending';
  update public.workflow_run_steps s set status = 'done'
  where s.run_id = run and s.position < from_position and s.status = 'stopped';
  return true;
end
$$;
