-- The dashboard's first-run checklist: a new account is led to add a provider key, install the
-- extension, create a prompt and add knowledge, and greeted "Welcome" rather than "Welcome back".
-- One row per account records its first dashboard visit, when the extension was first seen
-- connected, and whether the checklist was dismissed; the other steps are read from what the
-- account already has, so doing a step anywhere (the side panel included) ticks it.

create table public.getting_started (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  first_visit_at timestamptz not null default now(),
  extension_connected_at timestamptz,
  dismissed_at timestamptz
);

alter table public.getting_started enable row level security;
create policy "getting_started: owner reads" on public.getting_started for select
  to authenticated using (user_id = (select auth.uid()));
create policy "getting_started: owner adds" on public.getting_started for insert
  to authenticated with check (user_id = (select auth.uid()));
create policy "getting_started: owner changes" on public.getting_started for update
  to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "getting_started: owner removes" on public.getting_started for delete
  to authenticated using (user_id = (select auth.uid()));

-- The caller's checklist, recording this dashboard visit: { returning } is false on the very first
-- visit (the row did not exist yet), then the steps done. Runs as the caller (RLS applies).
create function public.visit_dashboard() returns jsonb
language plpgsql volatile security invoker set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
  existed boolean;
  row public.getting_started;
begin
  if uid is null then
    raise exception 'Sign in first.' using errcode = '42501';
  end if;
  existed := exists (select 1 from public.getting_started g where g.user_id = uid);
  -- Two tabs at once: the second finds the first one's row.
  insert into public.getting_started (user_id) values (uid) on conflict (user_id) do nothing;
  select * into row from public.getting_started g where g.user_id = uid;
  return jsonb_build_object(
    'returning', existed,
    'has_key', exists (
      select 1 from public.user_api_keys k
      where k.user_id = uid
        and coalesce(k.openai_api_key, k.gemini_api_key, k.anthropic_api_key, k.cohere_api_key, k.ai21_api_key,
          k.huggingface_api_key, k.chatgpt_api_key, k.custom_base_url, '') <> ''
    ),
    'has_prompt', exists (select 1 from public.saved_prompts p where p.user_id = uid),
    'has_knowledge', exists (select 1 from public.kb_documents d where d.user_id = uid),
    'extension_connected', row.extension_connected_at is not null,
    'dismissed', row.dismissed_at is not null
  );
end
$$;
revoke execute on function public.visit_dashboard() from public, anon;
grant execute on function public.visit_dashboard() to authenticated;
