-- The usage ledger: one row per AI call the product makes on a user's key (browser or Edge
-- Function), with the tokens the provider reported, the price applied and what it cost, so users
-- see what their own keys spend. No prompt or answer text is kept here. Alongside it: the price
-- table (rows of shared/core/usage/prices.ts, loaded below; a test keeps the two equal), the
-- prices a user sets for themselves, their currency and confirmation threshold, and monthly
-- budgets that warn or stop.

create table public.ai_prices (
  id bigint generated always as identity primary key,
  provider text not null check (length(provider) between 1 and 50),
  model text not null check (length(model) between 1 and 200),
  aliases text[] not null default '{}',
  kind text not null check (kind in ('chat', 'embedding')),
  -- Micro-dollars (USD) per 1M tokens; a cache rate left null is charged at the input rate.
  input_per_million bigint not null check (input_per_million >= 0),
  cached_input_per_million bigint check (cached_input_per_million >= 0),
  cache_write_per_million bigint check (cache_write_per_million >= 0),
  output_per_million bigint not null check (output_per_million >= 0),
  per_image bigint check (per_image >= 0),
  per_search bigint check (per_search >= 0),
  -- { aboveInputTokens, inputPerMillion, cachedInputPerMillion?, cacheWritePerMillion?, outputPerMillion }
  long_context jsonb check (long_context is null or jsonb_typeof(long_context) = 'object'),
  effective_from date,
  effective_until date,
  source_kind text not null check (source_kind in ('provider', 'third-party')),
  source_url text not null check (source_url like 'https://%'),
  source_date date,
  checked_on date not null,
  note text
);
create unique index ai_prices_model_idx on public.ai_prices (provider, model, coalesce(effective_from, '-infinity'::date));
alter table public.ai_prices enable row level security;
-- Public list prices: anyone may read them (the pricing notes of the Usage page); only migrations write.
create policy "Prices are readable by everyone" on public.ai_prices for select to anon, authenticated using (true);

-- Which feature a call served; the Usage page groups by it.
create table public.usage_events (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  feature text not null check (feature in (
    'run', 'follow_up', 'chat', 'offer_framework', 'offer_asset', 'generate_all', 'offer_rewrite', 'offer_organize',
    'idea', 'document', 'workflow_step', 'smart_query', 'analysis', 'pitch_deck', 'embeddings', 'images', 'search'
  )),
  surface text not null check (surface in ('dashboard', 'panel', 'popup', 'server')),
  provider text not null check (length(btrim(provider)) between 1 and 50),
  model text not null check (length(btrim(model)) between 1 and 200),
  -- As the provider reported them, in one convention (input includes cached and cache-written
  -- tokens); null when it reported none.
  input_tokens bigint check (input_tokens >= 0),
  cached_input_tokens bigint check (cached_input_tokens >= 0),
  cache_write_input_tokens bigint check (cache_write_input_tokens >= 0),
  output_tokens bigint check (output_tokens >= 0),
  images integer not null default 0 check (images >= 0),
  searches integer not null default 0 check (searches >= 0),
  -- Counts estimated from the text's length because the provider reported none.
  estimated boolean not null default false,
  outcome text not null check (outcome in ('done', 'stopped', 'failed')),
  -- Micro-dollars in USD; null when the model has no known price or the counts are unknown.
  cost_micros bigint check (cost_micros >= 0),
  -- The rates applied and where they came from ({ source: 'table' | 'user', ...rates, sourceUrl? }).
  price jsonb check (price is null or jsonb_typeof(price) = 'object'),
  -- What the call belongs to, for links from the Usage page (no foreign key: the ledger outlives
  -- a deleted conversation or run).
  subject_kind text check (subject_kind in ('prompt_run', 'conversation', 'workflow_run', 'offer', 'document', 'pitch_deck', 'knowledge')),
  subject_id uuid,
  created_at timestamptz not null default now(),
  check ((subject_kind is null) = (subject_id is null)),
  check (cached_input_tokens is null or input_tokens is null or cached_input_tokens + coalesce(cache_write_input_tokens, 0) <= input_tokens)
);
create index usage_events_user_created_idx on public.usage_events (user_id, created_at desc);
create index usage_events_subject_idx on public.usage_events (subject_id) where subject_id is not null;
alter table public.usage_events enable row level security;
-- The owner reads and adds their own rows; nobody edits the ledger (rows go with the account).
create policy "Owners read their usage" on public.usage_events for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Owners record their usage" on public.usage_events for insert to authenticated
  with check (user_id = (select auth.uid()));

-- A user's own price for a model: a negotiated rate, or their own server's (0 for a local model).
create table public.usage_price_overrides (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  provider text not null check (length(btrim(provider)) between 1 and 50),
  model text not null check (length(btrim(model)) between 1 and 200),
  input_per_million bigint not null check (input_per_million >= 0),
  cached_input_per_million bigint check (cached_input_per_million >= 0),
  output_per_million bigint not null check (output_per_million >= 0),
  per_image bigint check (per_image >= 0),
  per_search bigint check (per_search >= 0),
  updated_at timestamptz not null default now(),
  primary key (user_id, provider, model)
);
alter table public.usage_price_overrides enable row level security;
create policy "Owners manage their prices" on public.usage_price_overrides for all to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

-- How amounts show and when a job asks first. Prices are in USD; a user who budgets in another
-- currency gives the rate they use (units of their currency per US dollar).
create table public.usage_settings (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  usd_rate numeric(14, 6) not null default 1 check (usd_rate > 0),
  -- Jobs estimated above this (micro-units of the currency) ask before they start; null: never ask.
  confirm_above_micros bigint default 1000000 check (confirm_above_micros >= 0),
  updated_at timestamptz not null default now(),
  check (currency <> 'USD' or usd_rate = 1)
);
alter table public.usage_settings enable row level security;
create policy "Owners manage their usage settings" on public.usage_settings for all to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

-- A monthly budget per provider, or overall (provider null), in micro-units of the user's currency.
create table public.usage_budgets (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  provider text check (provider is null or length(btrim(provider)) between 1 and 50),
  monthly_limit_micros bigint not null check (monthly_limit_micros > 0),
  -- At 100%: keep going with a warning, or refuse new AI calls until the month ends.
  at_limit text not null default 'warn' check (at_limit in ('warn', 'stop')),
  updated_at timestamptz not null default now()
);
create unique index usage_budgets_scope_idx on public.usage_budgets (user_id, coalesce(provider, '*'));
alter table public.usage_budgets enable row level security;
create policy "Owners manage their budgets" on public.usage_budgets for all to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

-- Each budget of a user with this calendar month's (UTC) spend in its currency and its state:
-- 'ok' below 80%, 'warning' from 80%, 'over' at 100% with at_limit 'warn', 'stopped' at 100% with
-- 'stop'. Calls without a known cost do not count (their tokens still show on the Usage page).
create function private.usage_budget_states(for_user uuid)
returns table (provider text, monthly_limit_micros bigint, spent_micros bigint, at_limit text, state text)
language sql stable security definer set search_path = '' as $$
  with settings as (
    select coalesce((select s.usd_rate from public.usage_settings s where s.user_id = for_user), 1) as usd_rate
  ),
  spend as (
    select e.provider, sum(e.cost_micros) as usd_micros
    from public.usage_events e
    where e.user_id = for_user and e.cost_micros is not null and e.created_at >= date_trunc('month', now() at time zone 'utc') at time zone 'utc'
    group by e.provider
  )
  select b.provider, b.monthly_limit_micros, spent.micros, b.at_limit,
    case
      when spent.micros >= b.monthly_limit_micros then case b.at_limit when 'stop' then 'stopped' else 'over' end
      when spent.micros * 5 >= b.monthly_limit_micros * 4 then 'warning'
      else 'ok'
    end
  from public.usage_budgets b
  cross join settings
  cross join lateral (
    select coalesce(round(sum(sp.usd_micros) * settings.usd_rate), 0)::bigint as micros
    from spend sp where b.provider is null or sp.provider = b.provider
  ) spent
  where b.user_id = for_user
  order by b.provider nulls first
$$;
revoke execute on function private.usage_budget_states(uuid) from public, anon, authenticated;
grant execute on function private.usage_budget_states(uuid) to service_role;

-- The caller's budgets and their state (the panel, popup and dashboard ask before a call).
create function public.usage_budget_status()
returns table (provider text, monthly_limit_micros bigint, spent_micros bigint, at_limit text, state text)
language sql stable security definer set search_path = '' as $$
  select * from private.usage_budget_states((select auth.uid()))
$$;
revoke execute on function public.usage_budget_status() from public, anon;
grant execute on function public.usage_budget_status() to authenticated;

-- The same for a given user, for the Edge Functions acting for them (scheduled runs).
create function public.usage_budget_status_for(for_user uuid)
returns table (provider text, monthly_limit_micros bigint, spent_micros bigint, at_limit text, state text)
language sql stable security definer set search_path = '' as $$
  select * from private.usage_budget_states(for_user)
$$;
revoke execute on function public.usage_budget_status_for(uuid) from public, anon, authenticated;
grant execute on function public.usage_budget_status_for(uuid) to service_role;

-- Admins see totals only: per day, provider and feature, never a person's rows.
create function public.admin_usage_totals(since timestamptz)
returns table (day date, provider text, feature text, calls bigint, people bigint, input_tokens bigint, output_tokens bigint, cost_micros bigint, unpriced_calls bigint)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not public.is_admin() then
    raise exception 'Only admins can see usage totals.' using errcode = '42501';
  end if;
  return query
    select (e.created_at at time zone 'utc')::date, e.provider, e.feature, count(*), count(distinct e.user_id),
      coalesce(sum(e.input_tokens), 0)::bigint, coalesce(sum(e.output_tokens), 0)::bigint,
      coalesce(sum(e.cost_micros), 0)::bigint, count(*) filter (where e.cost_micros is null)
    from public.usage_events e
    where e.created_at >= since
    group by 1, 2, 3
    order by 1, 2, 3;
end
$$;
revoke execute on function public.admin_usage_totals(timestamptz) from public, anon;
grant execute on function public.admin_usage_totals(timestamptz) to authenticated;

-- A team owner's view of what each member (the owner included) spent from month_start (UTC) for
-- a month: totals per person, no rows.
create function public.team_usage_by_member(month_start date)
returns table (user_id uuid, email text, calls bigint, cost_micros bigint, unpriced_calls bigint)
language plpgsql stable security definer set search_path = '' as $$
declare
  owned_team uuid;
begin
  select t.id into owned_team from public.teams t where t.owner_id = (select auth.uid());
  if owned_team is null then
    raise exception 'Only a team owner can see usage per member.' using errcode = '42501';
  end if;
  return query
    with people as (
      select (select auth.uid()) as id, (select u.email::text from auth.users u where u.id = (select auth.uid())) as email
      union all
      select m.user_id, m.email from public.team_members m where m.team_id = owned_team
    )
    select p.id, p.email, count(e.id), coalesce(sum(e.cost_micros), 0)::bigint, count(e.id) filter (where e.cost_micros is null)
    from people p
    left join public.usage_events e on e.user_id = p.id
      and e.created_at >= month_start::timestamp at time zone 'utc'
      and e.created_at < (month_start + interval '1 month')::timestamp at time zone 'utc'
    group by p.id, p.email
    order by 4 desc, 2;
end
$$;
revoke execute on function public.team_usage_by_member(date) from public, anon;
grant execute on function public.team_usage_by_member(date) to authenticated;

-- The price table as of shared/core/usage/prices.ts (scripts/lib/pricesSql.ts writes this statement).
insert into public.ai_prices (provider, model, aliases, kind, input_per_million, cached_input_per_million,
  cache_write_per_million, output_per_million, per_image, per_search, long_context, effective_from, effective_until,
  source_kind, source_url, source_date, checked_on, note) values
  ('openai', 'gpt-6.2-sol', array[]::text[], 'chat', 2000000, 100000, 2500000, 10000000, null, null, '{"aboveInputTokens":272000,"inputPerMillion":4000000,"cachedInputPerMillion":200000,"cacheWritePerMillion":5000000,"outputPerMillion":15000000}'::jsonb, null, null, 'provider', 'https://developers.openai.com/api/docs/models/gpt-6.2-sol', null, '2026-11-29', 'Above 272K input tokens the page doubles input and cache rates and charges 1.5x output for the whole request.'),
  ('openai', 'gpt-6.2-astra', array[]::text[], 'chat', 8000000, 400000, null, 40000000, null, null, null, null, null, 'third-party', 'https://github.com/akiiwa-games/AgentCompass-Router/releases/tag/v0.6.8', '2026-11-18', '2026-11-29', 'Vendor list prices as quoted in the release notes; the long-context rate was not found, so requests above 272K are priced at these rates (too low).'),
  ('openai', 'gpt-6.1-terra', array[]::text[], 'chat', 1000000, 50000, 1250000, 5000000, null, null, '{"aboveInputTokens":272000,"inputPerMillion":2000000,"cachedInputPerMillion":100000,"cacheWritePerMillion":2500000,"outputPerMillion":7500000}'::jsonb, null, null, 'provider', 'https://developers.openai.com/api/docs/models/gpt-6.1-terra', null, '2026-11-29', null),
  ('openai', 'gpt-6.1-sol', array[]::text[], 'chat', 2000000, 100000, null, 10000000, null, null, '{"aboveInputTokens":272000,"inputPerMillion":4000000,"cachedInputPerMillion":200000,"outputPerMillion":15000000}'::jsonb, null, null, 'third-party', 'https://github.com/KZCFG/AILSA-SubSwitch/releases/tag/v1.0.0-g', '2026-10-01', '2026-11-29', 'The release notes quote OpenAI''s GPT-6.1 Sol model page, checked 2026-10-01.'),
  ('openai', 'gpt-6-luna', array[]::text[], 'chat', 100000, 10000, 125000, 500000, null, null, '{"aboveInputTokens":272000,"inputPerMillion":200000,"cachedInputPerMillion":20000,"cacheWritePerMillion":250000,"outputPerMillion":750000}'::jsonb, null, null, 'provider', 'https://developers.openai.com/ja-JP/api/docs/models/gpt-6-luna', null, '2026-11-29', null),
  ('openai', 'gpt-6-sol', array[]::text[], 'chat', 2000000, 200000, 2500000, 10000000, null, null, null, null, null, 'third-party', 'https://github.com/merefield/codexometer/releases/tag/v0.18.4', '2026-09-22', '2026-11-29', 'Long-context rates not quoted by the source: requests above 272K are priced at these rates (too low).'),
  ('openai', 'gpt-6-astra', array[]::text[], 'chat', 10000000, 1000000, 12500000, 50000000, null, null, '{"aboveInputTokens":272000,"inputPerMillion":20000000,"cachedInputPerMillion":2000000,"cacheWritePerMillion":25000000,"outputPerMillion":75000000}'::jsonb, null, null, 'third-party', 'https://github.com/BerriAI/litellm/discussions/39633', null, '2026-11-29', null),
  ('openai', 'gpt-5.6-terra', array[]::text[], 'chat', 2000000, 200000, null, 12000000, null, null, '{"aboveInputTokens":272000,"inputPerMillion":4000000,"outputPerMillion":18000000}'::jsonb, null, null, 'provider', 'https://developers.openai.com/de-DE/api/docs/models/gpt-5.6-terra', null, '2026-11-29', 'The page names 2x input and 1.5x output above 272K, not a cached rate there: long-context cached tokens are priced as input.'),
  ('openai', 'gpt-5.6-luna', array[]::text[], 'chat', 200000, 20000, null, 1200000, null, null, '{"aboveInputTokens":272000,"inputPerMillion":400000,"outputPerMillion":1800000}'::jsonb, null, null, 'provider', 'https://developers.openai.com/api/docs/models/gpt-5.6-luna', null, '2026-11-29', 'The page names 2x input and 1.5x output above 272K, not a cached rate there: long-context cached tokens are priced as input.'),
  ('openai', 'text-embedding-3-small', array[]::text[], 'embedding', 20000, null, null, 0, null, null, null, null, null, 'third-party', 'https://tokenmath.io/openai-api-pricing-explained', '2026-06-21', '2026-11-29', 'The page''s record of OpenAI''s embedding pricing, marked verified on 2026-06-21.'),
  ('anthropic', 'claude-sonnet-5-5', array[]::text[], 'chat', 2000000, 100000, 2500000, 10000000, null, null, null, null, null, 'third-party', 'https://github.com/kurofune/claudit/releases/tag/v1.9.2', '2026-10-24', '2026-11-29', 'Anthropic cut cache reads from $0.20 to $0.10 on 2026-10-07 (checked against the live pricing page on 2026-10-24); the stored copy of Anthropic''s Sonnet 5.5 overview still shows $0.20. No long-context premium.'),
  ('anthropic', 'claude-haiku-5-5', array[]::text[], 'chat', 100000, 10000, 125000, 500000, null, null, '{"aboveInputTokens":100000,"inputPerMillion":500000,"cachedInputPerMillion":50000,"cacheWritePerMillion":625000,"outputPerMillion":2500000}'::jsonb, null, null, 'third-party', 'https://github.com/kurofune/claudit/releases/tag/v1.9.2', '2026-10-24', '2026-11-29', 'A prompt (input + cache reads + cache writes) over 100,000 tokens moves every token of the request to the higher band.'),
  ('anthropic', 'claude-haiku-4-5', array['claude-haiku-4-5-20251001']::text[], 'chat', 1000000, null, null, 5000000, null, null, null, null, null, 'provider', 'https://platform.claude.com/docs/zh-CN/models/haiku-4-5/overview.md', null, '2026-11-29', 'Legacy model. The overview gives input and output only: cache reads and writes are priced as input.'),
  ('anthropic', 'claude-opus-5-5', array[]::text[], 'chat', 4000000, 200000, 5000000, 20000000, null, null, null, null, null, 'third-party', 'https://github.com/kurofune/claudit/releases/tag/v1.8.2', '2026-09-23', '2026-11-29', 'Checked against the live pricing page on 2026-09-23; the 2026-10-24 recheck (v1.9.2) found it unchanged.'),
  ('anthropic', 'claude-sonnet-5', array[]::text[], 'chat', 2000000, 200000, 2500000, 10000000, null, null, null, null, null, 'provider', 'https://platform.claude.com/docs/zh-CN/models/sonnet-5/overview', null, '2026-11-29', 'Legacy model.'),
  ('anthropic', 'claude-opus-5', array[]::text[], 'chat', 5000000, 500000, 6250000, 25000000, null, null, null, null, null, 'provider', 'https://platform.claude.com/docs/en/models/opus-5/overview', null, '2026-11-29', 'Legacy model.'),
  ('gemini', 'gemini-3.8-flash', array[]::text[], 'chat', 750000, 75000, null, 3750000, null, null, null, null, '2026-12-31', 'third-party', 'https://github.com/BerriAI/litellm/discussions/39357', null, '2026-11-29', 'Half-price launch offer through 2026-12-31, as also transcribed from Google''s pricing page (api-evangelist/deepmind, read 2026-10-07). Output includes thinking tokens.'),
  ('gemini', 'gemini-3.8-flash', array[]::text[], 'chat', 1500000, null, null, 7500000, null, null, null, '2027-01-01', null, 'third-party', 'https://github.com/BerriAI/litellm/discussions/39357', null, '2026-11-29', 'Announced standard price from 2027-01-01; no cached rate was announced, so cached tokens are priced as input.'),
  ('gemini', 'gemini-3.5-flash-lite', array[]::text[], 'chat', 300000, null, null, 2500000, null, null, null, null, null, 'third-party', 'https://raw.githubusercontent.com/api-evangelist/deepmind/refs/heads/main/plans/deepmind-plans-pricing.yml', '2026-10-07', '2026-11-29', 'Quoted verbatim from https://ai.google.dev/gemini-api/docs/pricing (page read 2026-10-07). The transcription has no cached rate: cached tokens are priced as input.'),
  ('gemini', 'gemini-3.5-flash', array[]::text[], 'chat', 1500000, null, null, 9000000, null, null, null, null, null, 'third-party', 'https://raw.githubusercontent.com/api-evangelist/deepmind/refs/heads/main/plans/deepmind-plans-pricing.yml', '2026-10-07', '2026-11-29', 'Quoted verbatim from https://ai.google.dev/gemini-api/docs/pricing (page read 2026-10-07). The transcription has no cached rate: cached tokens are priced as input.'),
  ('gemini', 'gemini-3.1-flash-lite', array[]::text[], 'chat', 250000, null, null, 1500000, null, null, null, null, null, 'third-party', 'https://www.morphllm.com/gemini-api-pricing', null, '2026-11-29', 'The page says its rates are from Google''s pricing page; undated. No cached rate: cached tokens are priced as input.'),
  ('gemini', 'gemini-embedding-001', array[]::text[], 'embedding', 150000, null, null, 0, null, null, null, null, null, 'third-party', 'https://openrouter.ai/google/gemini-embedding-001', null, '2026-11-29', 'Same rate as Google''s launch post (developers.googleblog.com, 2025) quoted in simonw/llm-gemini#102.'),
  ('cohere', 'command-a-03-2025', array['command-a']::text[], 'chat', 2500000, null, null, 10000000, null, null, null, null, null, 'third-party', 'https://www.getmaxim.ai/bifrost/model-library/provider/cohere', null, '2026-11-29', 'Undated gateway listing (Glama lists the same). Cohere''s own pricing page (captured 2026-11-11 by flexprice) shows only Command A+, Command R, Command R7B and Transcribe.'),
  ('cohere', 'command-r7b-12-2024', array['command-r7b']::text[], 'chat', 37500, null, null, 150000, null, null, null, null, null, 'third-party', 'https://developer.puter.com/tutorials/cohere-api-pricing/', null, '2026-11-29', 'Cohere''s prices as summarised in June 2026 (OpenRouter lists the same).'),
  ('cohere', 'command-r-08-2024', array['command-r']::text[], 'chat', 150000, null, null, 600000, null, null, null, null, null, 'third-party', 'https://docs.flexprice.io/cookbooks/pricing-teardowns/cohere-pricing', '2026-11-11', '2026-11-29', 'From a capture of Cohere''s pricing page taken 2026-11-11.'),
  ('cohere', 'embed-v4.0', array[]::text[], 'embedding', 120000, null, null, 0, null, null, null, null, null, 'third-party', 'https://developer.puter.com/tutorials/cohere-api-pricing/', null, '2026-11-29', 'Text inputs; June 2026 summary of Cohere pricing.'),
  ('ai21', 'jamba-large', array['jamba-large-1.7-2025-07']::text[], 'chat', 2000000, null, null, 8000000, null, null, null, null, null, 'third-party', 'https://github.com/braintrustdata/braintrust-proxy/issues/487', null, '2026-11-29', 'Quoted there from AI21''s pricing page; undated (OpenRouter lists Jamba Large 1.7 at the same rate).'),
  ('ai21', 'jamba-mini', array['jamba-mini-2-2026-01']::text[], 'chat', 200000, null, null, 400000, null, null, null, null, null, 'third-party', 'https://raw.githubusercontent.com/api-evangelist/ai21-labs/refs/heads/main/plans/ai21-labs-plans-pricing.yml', '2026-10-07', '2026-11-29', 'Quoted verbatim from https://www.ai21.com/pricing/ (page read 2026-10-07), which prices "Jamba Mini" without a version.');
