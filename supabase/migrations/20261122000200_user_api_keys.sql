-- Provider keys synced from the extension / dashboard: one row per user, one column per provider
-- plus an OpenAI-compatible base URL (Ollama, LM Studio).
-- Owner-only: nobody else, admins included, can read a user's keys.

create table public.user_api_keys (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  openai_api_key text,
  gemini_api_key text,
  anthropic_api_key text,
  cohere_api_key text,
  ai21_api_key text,
  huggingface_api_key text,
  chatgpt_api_key text,
  custom_base_url text check (custom_base_url is null or custom_base_url ~* '^https?://'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

alter table public.user_api_keys enable row level security;

create policy "user_api_keys: owner reads" on public.user_api_keys for select
  to authenticated using (user_id = (select auth.uid()));
create policy "user_api_keys: owner inserts" on public.user_api_keys for insert
  to authenticated with check (user_id = (select auth.uid()));
create policy "user_api_keys: owner updates" on public.user_api_keys for update
  to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "user_api_keys: owner deletes" on public.user_api_keys for delete
  to authenticated using (user_id = (select auth.uid()));
