-- Suggested prompts of the document generator (the suggested-prompt
-- flow): the first Generate asks the AI to improve the prompt and the suggestion is stored with its
-- reasoning. Owner only; a suggestion is a record, never edited.

create table public.prompt_suggestions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  original_prompt_text text not null check (length(btrim(original_prompt_text)) > 0 and length(original_prompt_text) <= 100000),
  suggested_prompt_text text not null check (length(btrim(suggested_prompt_text)) > 0 and length(suggested_prompt_text) <= 100000),
  reasoning_text text not null default '' check (length(reasoning_text) <= 20000),
  -- The template the prompt was analysed for (one of the template ids in shared/core/templates.ts), when one was chosen.
  template_id text check (template_id is null or length(template_id) <= 100),
  created_at timestamptz not null default now()
);
create index prompt_suggestions_user_created_idx on public.prompt_suggestions (user_id, created_at desc);

alter table public.prompt_suggestions enable row level security;

create policy "prompt_suggestions: owner reads" on public.prompt_suggestions for select
  to authenticated using (user_id = (select auth.uid()));
-- Writing needs an account that may edit content: a view_only account cannot generate, so it has
-- no suggestions to store. The rule is can_edit_content()'s, spelled out because that
-- function is created by a later migration (20261123001200) and a policy needs it to exist.
create policy "prompt_suggestions: owner inserts" on public.prompt_suggestions for insert
  to authenticated with check (user_id = (select auth.uid()) and coalesce(public.current_app_role() <> 'view_only', false));
create policy "prompt_suggestions: owner deletes" on public.prompt_suggestions for delete
  to authenticated using (user_id = (select auth.uid()) and coalesce(public.current_app_role() <> 'view_only', false));
