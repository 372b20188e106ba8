-- The usage ledger (20261203000100), corrected after its tests and the database advisor:
-- 1. The functions the app calls (usage_budget_status, admin_usage_totals, team_usage_by_member)
--    were SECURITY DEFINER in `public`, which the API exposes (advisor 0029). As elsewhere
--    (20261125000200_advisor_clean.sql), the elevated body moves to `private` and `public` keeps a
--    SECURITY INVOKER wrapper with the same name, arguments and answer.
-- 2. Cache-written tokens alone could exceed the input they are part of: the check now bounds
--    cached + cache-written tokens whichever of them is given.
-- 3. Grants: nobody writes the price table over the API and nobody changes or deletes a ledger
--    row, so those privileges are revoked (a plain "permission denied" instead of a write RLS
--    quietly filters to nothing); anon has nothing to do with the ledger.
-- 4. One budget per scope as a constraint (nulls not distinct) instead of an expression index, so
--    a budget can be upserted on (user_id, provider) and no provider name stands for "overall".
-- 5. A budget counts this calendar month only, rows dated later included no more.
-- 6. updated_at follows changes to settings, budgets and price overrides.

-- 2.
alter table public.usage_events drop constraint usage_events_check1;
alter table public.usage_events add constraint usage_events_cache_within_input
  check (input_tokens is null or coalesce(cached_input_tokens, 0) + coalesce(cache_write_input_tokens, 0) <= input_tokens);

-- 3.
revoke insert, update, delete, truncate on public.ai_prices from anon, authenticated;
revoke all on public.usage_events from anon;
revoke update, delete, truncate on public.usage_events from authenticated;

-- 4.
alter table public.usage_budgets add constraint usage_budgets_scope_key unique nulls not distinct (user_id, provider);
drop index public.usage_budgets_scope_idx;

-- 5.
create or replace function private.usage_budget_states(for_user uuid)
returns table (provider text, monthly_limit_micros bigint, spent_micros bigint, at_limit text, state text)
language sql stable security definer set search_path = '' as $$
  with settings as (
    select coalesce((select s.usd_rate from public.usage_settings s where s.user_id = for_user), 1) as usd_rate
  ),
  month as (
    select date_trunc('month', now() at time zone 'utc') at time zone 'utc' as starts,
      (date_trunc('month', now() at time zone 'utc') + interval '1 month') at time zone 'utc' as ends
  ),
  spend as (
    select e.provider, sum(e.cost_micros) as usd_micros
    from public.usage_events e, month m
    where e.user_id = for_user and e.cost_micros is not null and e.created_at >= m.starts and e.created_at < m.ends
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

-- 1. The caller's budgets.
create function private.usage_budget_status()
returns table (provider text, monthly_limit_micros bigint, spent_micros bigint, at_limit text, state text)
language sql stable security definer set search_path = '' as $$
  select * from private.usage_budget_states((select auth.uid()))
$$;
revoke execute on function private.usage_budget_status() from public, anon;
grant execute on function private.usage_budget_status() to authenticated;

create or replace function public.usage_budget_status()
returns table (provider text, monthly_limit_micros bigint, spent_micros bigint, at_limit text, state text)
language sql stable security invoker set search_path = '' as $$
  select * from private.usage_budget_status()
$$;

-- 1. Admins' totals.
create function private.admin_usage_totals(since timestamptz)
returns table (day date, provider text, feature text, calls bigint, people bigint, input_tokens bigint, output_tokens bigint, cost_micros bigint, unpriced_calls bigint)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.is_admin() then
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
revoke execute on function private.admin_usage_totals(timestamptz) from public, anon;
grant execute on function private.admin_usage_totals(timestamptz) to authenticated;

create or replace function public.admin_usage_totals(since timestamptz)
returns table (day date, provider text, feature text, calls bigint, people bigint, input_tokens bigint, output_tokens bigint, cost_micros bigint, unpriced_calls bigint)
language sql stable security invoker set search_path = '' as $$
  select * from private.admin_usage_totals(since)
$$;

-- 1. A team owner's totals per member.
create function private.team_usage_by_member(month_start date)
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
revoke execute on function private.team_usage_by_member(date) from public, anon;
grant execute on function private.team_usage_by_member(date) to authenticated;

create or replace function public.team_usage_by_member(month_start date)
returns table (user_id uuid, email text, calls bigint, cost_micros bigint, unpriced_calls bigint)
language sql stable security invoker set search_path = '' as $$
  select * from private.team_usage_by_member(month_start)
$$;

-- 6.
create trigger usage_settings_touch before update on public.usage_settings
  for each row execute function public.touch_updated_at();
create trigger usage_budgets_touch before update on public.usage_budgets
  for each row execute function public.touch_updated_at();
create trigger usage_price_overrides_touch before update on public.usage_price_overrides
  for each row execute function public.touch_updated_at();
