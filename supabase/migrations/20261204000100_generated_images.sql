-- Generated images: pictures the user's own image model drew (an offer's hero, an ad creative, a
-- deck slide, a prompt's run), kept in a private bucket with one folder per owner (the first part
-- of an object's name is the owner's id), listed in the gallery and reused in other assets. A row
-- names its file; the file and the row are removed together by the app, and with the account by
-- account-delete. Owner only; a view_only account sees its images and makes or removes none.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('generated-images', 'generated-images', false, 20971520, array['image/png', 'image/jpeg', 'image/webp'])
on conflict (id) do nothing;

create policy generated_images_files_select on storage.objects for select to authenticated
  using (bucket_id = 'generated-images' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy generated_images_files_insert on storage.objects for insert to authenticated
  with check (
    bucket_id = 'generated-images'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and (select public.current_app_role()) is distinct from 'view_only'
  );
create policy generated_images_files_delete on storage.objects for delete to authenticated
  using (
    bucket_id = 'generated-images'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and (select public.current_app_role()) is distinct from 'view_only'
  );

create table public.generated_images (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  prompt text not null check (length(btrim(prompt)) > 0 and length(prompt) <= 32000),
  provider text not null check (provider in ('openai', 'gemini')),
  model text not null check (length(model) between 1 and 200),
  -- What it was made for: the gallery groups and the builders pick by it.
  purpose text not null default 'gallery' check (purpose in ('offer_hero', 'ad_creative', 'deck_slide', 'run', 'gallery')),
  file_path text not null unique check (length(file_path) <= 1024),
  mime_type text not null check (mime_type in ('image/png', 'image/jpeg', 'image/webp')),
  file_size bigint not null check (file_size > 0),
  width integer not null check (width between 1 and 10000),
  height integer not null check (height between 1 and 10000),
  -- Where it was made from; the image stays in the gallery when the offer or deck goes.
  offer_id uuid references public.offers (id) on delete set null,
  pitch_deck_id uuid references public.pitch_decks (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint generated_images_file_in_owner_folder check (split_part(file_path, '/', 1) = user_id::text)
);
create index generated_images_user_created_idx on public.generated_images (user_id, created_at desc, id);
create index generated_images_offer_idx on public.generated_images (offer_id) where offer_id is not null;
create index generated_images_deck_idx on public.generated_images (pitch_deck_id) where pitch_deck_id is not null;

alter table public.generated_images enable row level security;

create policy "generated_images: owner reads" on public.generated_images for select
  to authenticated using (user_id = (select auth.uid()));
create policy "generated_images: owner inserts" on public.generated_images for insert
  to authenticated with check (user_id = (select auth.uid()));
create policy "generated_images: owner deletes" on public.generated_images for delete
  to authenticated using (user_id = (select auth.uid()));

create trigger generated_images_refuse_view_only before insert or update or delete on public.generated_images
  for each row execute function private.refuse_view_only('View-only accounts cannot make or delete images.');

-- An offer's hero image (shown in the builder, put at the top of its DOCX and PDF).
alter table public.offers
  add column hero_image_id uuid references public.generated_images (id) on delete set null;
create index offers_hero_image_idx on public.offers (hero_image_id) where hero_image_id is not null;

-- Image models are priced per token like chat models (the prompt in, the picture's tokens out).
alter table public.ai_prices drop constraint ai_prices_kind_check;
alter table public.ai_prices add constraint ai_prices_kind_check check (kind in ('chat', 'embedding', 'image'));

-- The price table with its image models (shared/core/usage/priceTable.ts, written by scripts/lib/pricesSql.ts).
delete from public.ai_prices;
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
  ('ai21', 'jamba-mini', array['jamba-mini-2-2026-01']::text[], 'chat', 200000, null, null, 400000, null, null, null, null, null, 'third-party', 'https://raw.githubusercontent.com/api-evangelist/ai21-labs/refs/heads/main/plans/ai21-labs-plans-pricing.yml', '2026-10-07', '2026-11-29', 'Quoted verbatim from https://www.ai21.com/pricing/ (page read 2026-10-07), which prices "Jamba Mini" without a version.'),
  ('openai', 'gpt-image-1.5', array[]::text[], 'image', 5000000, null, null, 32000000, null, null, null, null, null, 'third-party', 'https://www.llmreference.com/model/gpt-image-1.5/openai-api', '2026-05-10', '2026-11-29', 'Output $32 per 1M image tokens (a 1024x1024 medium picture is 1,056 tokens, $0.034); text input $5 as Vercel AI Gateway passes it on at OpenAI''s rate.'),
  ('openai', 'gpt-image-1', array[]::text[], 'image', 5000000, null, null, 40000000, null, null, null, null, null, 'third-party', 'https://community.openai.com/t/gpt-image-1-collected-pricing-information-and-why-responses-is-undocumented/1275254', null, '2026-11-29', 'Text input $5, image output $40 per 1M tokens, collected from OpenAI''s pricing page.'),
  ('openai', 'gpt-image-1-mini', array[]::text[], 'image', 2000000, null, null, 8000000, null, null, null, null, null, 'third-party', 'https://community.openai.com/t/what-is-the-difference-between-image-generation-and-output-of-image-tokens/1371851', null, '2026-11-29', 'Output $8 per 1M image tokens ($0.002176 for 272 tokens); text input $2 as OpenAI''s model page lists it.'),
  ('gemini', 'gemini-2.5-flash-image', array[]::text[], 'image', 300000, null, null, 30000000, null, null, null, null, null, 'third-party', 'https://discuss.ai.google.dev/t/issue-with-url-context-tooling/101173', null, '2026-11-29', 'Quoted from https://ai.google.dev/gemini-api/docs/pricing: 1,290 output tokens per picture up to 1024x1024 at $30 per 1M, $0.039 a picture.');
