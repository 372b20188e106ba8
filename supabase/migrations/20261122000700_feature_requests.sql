-- Interest in features that are not built yet (Workflows, AI Features, Pitch Deck: the
-- buttons show a coming-soon notice and the click is also recorded). One row per user and
-- feature; the feature list matches shared/core/hub.ts (REQUESTABLE_FEATURES).
-- Owners add, read and withdraw their own requests; admins read them all; nobody edits a row.

create table public.feature_requests (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  feature text not null check (feature in ('workflows', 'document_analysis', 'smart_queries', 'pitch_deck')),
  created_at timestamptz not null default now(),
  unique (user_id, feature)
);
create index feature_requests_feature_idx on public.feature_requests (feature, created_at desc);

alter table public.feature_requests enable row level security;

create policy "feature_requests: owners add their own" on public.feature_requests for insert
  to authenticated with check (user_id = (select auth.uid()));
create policy "feature_requests: owners read their own, admins read all" on public.feature_requests for select
  to authenticated using (user_id = (select auth.uid()) or public.is_admin());
create policy "feature_requests: owners withdraw their own" on public.feature_requests for delete
  to authenticated using (user_id = (select auth.uid()));
