-- Saved offers (the original kept them in the browser under savedOffers; here a table per
-- owner): the AI's framework, the ordered assets with their content, notes and last error, the
-- general notes and the video link. Assets are one jsonb array so order, rename and duplicate are
-- single-row writes; the app validates their shape (shared/core/offers).

create table public.offers (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  title text not null check (length(btrim(title)) > 0 and length(title) <= 300),
  idea text not null default '',
  framework jsonb not null check (jsonb_typeof(framework) = 'object'),
  assets jsonb not null default '[]' check (jsonb_typeof(assets) = 'array'),
  general_notes text not null default '',
  video_url text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index offers_user_updated_idx on public.offers (user_id, updated_at desc);

alter table public.offers enable row level security;

create policy "offers: owner reads" on public.offers for select
  to authenticated using (user_id = (select auth.uid()));
create policy "offers: owner inserts" on public.offers for insert
  to authenticated with check (user_id = (select auth.uid()));
create policy "offers: owner updates" on public.offers for update
  to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "offers: owner deletes" on public.offers for delete
  to authenticated using (user_id = (select auth.uid()));

create trigger offers_touch before update on public.offers
  for each row execute function public.touch_updated_at();
