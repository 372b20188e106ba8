-- Saved startup ideas (the original kept them in the browser under startupIdeas; here a table per
-- owner): the AI's structured idea — name, description, market, target users,
-- revenue, competitors, weaknesses and a business plan {executive, market, solution} — and what the
-- user asked for. The app validates the AI's answer with the same rules (shared/core/ideas.ts).

create table public.startup_ideas (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null check (length(btrim(name)) > 0 and length(name) <= 200),
  description text not null check (length(btrim(description)) > 0 and length(description) <= 20000),
  market text not null default '' check (length(market) <= 20000),
  target_users text not null default '' check (length(target_users) <= 20000),
  revenue text not null default '' check (length(revenue) <= 20000),
  competitors text[] not null default '{}' check (cardinality(competitors) <= 50),
  weaknesses text[] not null default '{}' check (cardinality(weaknesses) <= 50),
  business_plan jsonb not null check (
    jsonb_typeof(business_plan) = 'object'
    and jsonb_typeof(business_plan -> 'executive') = 'string'
    and jsonb_typeof(business_plan -> 'market') = 'string'
    and jsonb_typeof(business_plan -> 'solution') = 'string'
    and length(business_plan::text) <= 100000
  ),
  -- The interest or market the user described.
  source_prompt text not null default '' check (length(source_prompt) <= 20000),
  created_at timestamptz not null default now()
);
create index startup_ideas_user_created_idx on public.startup_ideas (user_id, created_at desc);

alter table public.startup_ideas enable row level security;

create policy "startup_ideas: owner reads" on public.startup_ideas for select
  to authenticated using (user_id = (select auth.uid()));
create policy "startup_ideas: owner inserts" on public.startup_ideas for insert
  to authenticated with check (user_id = (select auth.uid()) and public.can_edit_content());
create policy "startup_ideas: owner updates" on public.startup_ideas for update
  to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()) and public.can_edit_content());
create policy "startup_ideas: owner deletes" on public.startup_ideas for delete
  to authenticated using (user_id = (select auth.uid()));

-- A view_only account "cannot modify": it may read its ideas but not save, change or
-- delete them. The insert and update policies refuse it; this trigger runs first and says why, so
-- the page shows a sentence rather than an RLS error, and it also covers delete, where a policy
-- would only hide the row and the page would report a delete that did not happen. Calls without a
-- signed-in user (service role, migrations) have no role and pass.
create function public.startup_ideas_refuse_view_only() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if public.current_app_role() = 'view_only' then
    raise exception 'View-only accounts cannot save, change or delete ideas.' using errcode = '42501';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end
$$;
create trigger startup_ideas_refuse_view_only before insert or update or delete on public.startup_ideas
  for each row execute function public.startup_ideas_refuse_view_only();
