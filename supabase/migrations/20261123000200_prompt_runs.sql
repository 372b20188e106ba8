-- Run history (issue 4, /run-prompt and the extension): each run of a prompt with the values the
-- user filled, the final prompt sent, the provider and model, the output and how it ended.
-- Owner-only. Deleting the prompt keeps its runs (prompt_id becomes null; prompt_name stays).

create table public.prompt_runs (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  prompt_id uuid references public.saved_prompts (id) on delete set null,
  -- A built-in free prompt (fp1 …) when the run was of one.
  free_prompt_id text references public.free_prompts (id) on delete set null,
  prompt_name text not null check (length(btrim(prompt_name)) > 0 and length(prompt_name) <= 200),
  filled_values jsonb not null default '{}' check (jsonb_typeof(filled_values) = 'object'),
  final_prompt text not null check (length(final_prompt) <= 400000),
  provider text not null check (length(btrim(provider)) > 0 and length(provider) <= 50),
  model text check (model is null or length(model) <= 200),
  output text not null default '' check (length(output) <= 1000000),
  status text not null check (status in ('done', 'stopped', 'error')),
  -- What the error toast said, for runs that failed.
  error_message text check (error_message is null or length(error_message) <= 2000),
  -- The page the extension ran it on, if any.
  page_url text check (page_url is null or length(page_url) <= 2048),
  created_at timestamptz not null default now(),
  check (prompt_id is null or free_prompt_id is null)
);
create index prompt_runs_user_created_idx on public.prompt_runs (user_id, created_at desc, id);
create index prompt_runs_prompt_idx on public.prompt_runs (prompt_id, created_at desc) where prompt_id is not null;

-- A run may only point at one of the caller's own prompts.
create function public.owns_saved_prompt(prompt uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select prompt is null or exists (
    select 1 from public.saved_prompts p where p.id = prompt and p.user_id = (select auth.uid())
  )
$$;
grant execute on function public.owns_saved_prompt(uuid) to anon, authenticated, service_role;

alter table public.prompt_runs enable row level security;

create policy "prompt_runs: owner reads" on public.prompt_runs for select
  to authenticated using (user_id = (select auth.uid()));
create policy "prompt_runs: owner inserts" on public.prompt_runs for insert
  to authenticated with check (user_id = (select auth.uid()) and public.owns_saved_prompt(prompt_id));
create policy "prompt_runs: owner updates" on public.prompt_runs for update
  to authenticated using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()) and public.owns_saved_prompt(prompt_id));
create policy "prompt_runs: owner deletes" on public.prompt_runs for delete
  to authenticated using (user_id = (select auth.uid()));
