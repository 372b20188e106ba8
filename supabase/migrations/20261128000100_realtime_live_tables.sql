-- Live updates: the side panel and open dashboard tabs follow changes to the user's library, runs,
-- offers and workflow runs through Realtime's postgres_changes. Row-level security decides who
-- receives an inserted or updated row, exactly as it decides who may select it.
-- Hosted projects have the publication already; a bare database gets it here.
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

alter publication supabase_realtime add table
  public.saved_prompts,
  public.prompt_folders,
  public.prompt_runs,
  public.offers,
  public.workflow_runs,
  public.workflow_run_steps;
