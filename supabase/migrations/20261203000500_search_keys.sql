-- Web search grounding, the BYOK path: one search service per user (Brave
-- Search or Tavily with the user's key, or their own SearXNG server), kept like the provider keys:
-- the key is stored only as ciphertext, sealed and opened by the web-search Edge Function, and the
-- row is the owner's alone. The sources a grounded run was given are kept with the run.

create table public.user_search_keys (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  provider text not null check (provider in ('brave', 'tavily', 'searxng')),
  -- Ciphertext (shared/core/keyCipher.ts); SearXNG needs none unless the server asks for one.
  api_key text check (api_key is null or length(api_key) <= 4000),
  searxng_url text check (searxng_url is null or (searxng_url ~* '^https?://' and length(searxng_url) <= 2048)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (case when provider = 'searxng' then searxng_url is not null else api_key is not null end)
);

alter table public.user_search_keys enable row level security;

create policy "user_search_keys: owner reads" on public.user_search_keys for select
  to authenticated using (user_id = (select auth.uid()));
create policy "user_search_keys: owner inserts" on public.user_search_keys for insert
  to authenticated with check (user_id = (select auth.uid()));
create policy "user_search_keys: owner updates" on public.user_search_keys for update
  to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "user_search_keys: owner deletes" on public.user_search_keys for delete
  to authenticated using (user_id = (select auth.uid()));

-- The numbered web sources ({n, title, site, url, snippet}) a run's answer cites as [n]; null when
-- the run did not search the web.
alter table public.prompt_runs add column web_sources jsonb
  check (web_sources is null or (jsonb_typeof(web_sources) = 'array' and jsonb_array_length(web_sources) <= 20 and length(web_sources::text) <= 100000));
