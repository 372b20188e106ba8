-- Plans: what a subscription entitles to is computed and enforced here, not in the pages.
-- `subscriptions` mirrors the customer's Stripe subscription (written by the stripe-webhook
-- function with the service role only); `current_plan()` says which plan applies now. Active and
-- trialing subscriptions give their plan; past-due, unpaid and cancelled ones keep it until the
-- end of the period already paid for, then the account is on Free.
create table public.subscriptions (
  user_id uuid primary key references auth.users (id) on delete cascade,
  stripe_customer_id text not null unique check (length(stripe_customer_id) between 1 and 255),
  stripe_subscription_id text unique check (length(stripe_subscription_id) between 1 and 255),
  plan text not null check (plan in ('pro', 'team')),
  status text not null check (status in ('incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused')),
  current_period_end timestamptz,
  cancel_at_period_end boolean not null default false,
  updated_at timestamptz not null default now()
);
alter table public.subscriptions enable row level security;
create policy "subscriptions: owner reads" on public.subscriptions for select
  to authenticated using (user_id = (select auth.uid()));

create function private.plan_of(uid uuid) returns text
language sql stable security definer set search_path = '' as $$
  select coalesce((
    select s.plan from public.subscriptions s
    where s.user_id = uid
      and (s.status in ('active', 'trialing')
        or (s.status in ('past_due', 'unpaid', 'canceled') and s.current_period_end > now()))
  ), 'free')
$$;
revoke execute on function private.plan_of(uuid) from public;
grant execute on function private.plan_of(uuid) to anon, authenticated, service_role;

-- The caller's plan: 'free', 'pro' or 'team' (signed out: 'free').
create function public.current_plan() returns text
language sql stable security invoker set search_path = '' as $$
  select private.plan_of((select auth.uid()))
$$;

-- Premium prompt stacks are for Pro and Team (and the admins who curate them).
create function private.has_premium_stacks() returns boolean
language sql stable security definer set search_path = '' as $$
  select private.plan_of((select auth.uid())) in ('pro', 'team') or coalesce(private.is_admin(), false)
$$;
revoke execute on function private.has_premium_stacks() from public;
grant execute on function private.has_premium_stacks() to anon, authenticated, service_role;

-- A premium prompt's text is kept apart, readable only with the entitlement; the catalogue row
-- keeps a teaser. Writers (seed, admins) write free_prompts as before: a trigger moves the text.
create table public.free_prompt_premium_texts (
  prompt_id text primary key references public.free_prompts (id) on delete cascade deferrable initially deferred,
  prompt_text text not null
);
alter table public.free_prompt_premium_texts enable row level security;
create policy "free_prompt_premium_texts: read with the plan" on public.free_prompt_premium_texts for select
  to anon, authenticated using ((select private.has_premium_stacks()));

-- The opening words of a prompt, cut at a word, as the card shows it without the plan.
create function private.prompt_teaser(full_text text) returns text
language sql immutable set search_path = '' as $$
  select case when length(full_text) <= 90 then full_text
    else regexp_replace(left(full_text, 90), '\s+\S*$', '') || '…' end
$$;

-- Premium prompts already in the catalogue (before the trigger, which would take the teaser for a new text).
insert into public.free_prompt_premium_texts (prompt_id, prompt_text)
  select p.id, p.prompt_text from public.free_prompts p where p.is_premium;
update public.free_prompts p set prompt_text = private.prompt_teaser(p.prompt_text) where p.is_premium;

create function private.free_prompts_keep_premium_text() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.is_premium then
    -- An unchanged teaser is not a new text.
    if tg_op = 'INSERT' or new.prompt_text is distinct from old.prompt_text then
      insert into public.free_prompt_premium_texts (prompt_id, prompt_text) values (new.id, new.prompt_text)
      on conflict (prompt_id) do update set prompt_text = excluded.prompt_text;
      new.prompt_text := private.prompt_teaser(new.prompt_text);
    end if;
  elsif tg_op = 'UPDATE' and old.is_premium then
    -- No longer premium: the full text comes back unless a new one was given.
    if new.prompt_text is not distinct from old.prompt_text then
      select t.prompt_text into new.prompt_text from public.free_prompt_premium_texts t where t.prompt_id = old.id;
    end if;
    delete from public.free_prompt_premium_texts t where t.prompt_id = old.id;
  end if;
  return new;
end
$$;
revoke execute on function private.free_prompts_keep_premium_text() from public, anon, authenticated;
create trigger free_prompts_keep_premium_text before insert or update on public.free_prompts
  for each row execute function private.free_prompts_keep_premium_text();

-- Document generations per month by plan: Free 50, Pro and Team unlimited (null). Every check
-- compares `remaining`, which is null when unlimited, so nothing is refused for those plans.
create function private.generation_limit_of(uid uuid) returns integer
language sql stable security definer set search_path = '' as $$
  select case private.plan_of(uid) when 'free' then public.monthly_generation_limit() end
$$;
revoke execute on function private.generation_limit_of(uuid) from public, anon, authenticated;

create or replace function public.generation_quota_of(counts public.user_generation_counts) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'used', used, 'limit', lim,
    -- greatest() skips nulls: unlimited must stay null, not 0.
    'remaining', case when lim is not null then greatest(lim - used, 0) end, 'month', counts.current_month
  )
  from (
    select counts.generation_count + (
      select count(*)::integer from public.generation_reservations r
      where r.user_id = counts.user_id and r.month = counts.current_month and r.expires_at > now()
    ) as used,
    private.generation_limit_of(counts.user_id) as lim
  ) u
$$;
