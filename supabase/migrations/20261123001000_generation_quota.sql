-- The free monthly document generations (user_generation_counts): 50 per
-- calendar month (UTC), counted by the database, not by the page. current_month is the first day of
-- the month the count belongs to; the first call in a new month starts again from 0.
--
-- Decision: reserve first, then confirm or refund.
--   consume_generation()      reserves one slot atomically *before* the AI is called, so a request past
--                             the limit is refused before the user's key is spent, and 100 parallel
--                             calls at 45/50 give exactly 5 reservations (the counter row is locked);
--   confirm_generation(id)    turns the reservation into a used generation once the document exists;
--   refund_generation(id)     gives the slot back when the generation failed or was stopped.
-- A reservation that is neither confirmed nor refunded (the tab closed mid-generation) lapses after
-- 15 minutes — longer than the AI client's 10-minute timeout — and stops counting. So a
-- refused, failed or abandoned generation never costs a slot; plain consume-on-success could not
-- refuse before the call, and consume-then-refund alone would lose the slot of a closed tab.
--
-- Users read their rows; nobody writes them over the API (only these functions do), so the counter
-- cannot be reset from the browser.

create table public.user_generation_counts (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  generation_count integer not null default 0 check (generation_count >= 0),
  current_month date not null default date_trunc('month', now() at time zone 'utc')::date
    check (extract(day from current_month) = 1),
  updated_at timestamptz not null default now()
);

create table public.generation_reservations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  month date not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '15 minutes'
);
create index generation_reservations_user_idx on public.generation_reservations (user_id, expires_at);

alter table public.user_generation_counts enable row level security;
alter table public.generation_reservations enable row level security;

create policy "user_generation_counts: owner reads" on public.user_generation_counts for select
  to authenticated using (user_id = (select auth.uid()));
create policy "generation_reservations: owner reads" on public.generation_reservations for select
  to authenticated using (user_id = (select auth.uid()));

-- The limit lives here once (shared/core/quota.ts shows the same number).
create function public.monthly_generation_limit() returns integer
language sql immutable as $$ select 50 $$;

create function public.generation_month() returns date
language sql stable as $$ select date_trunc('month', now() at time zone 'utc')::date $$;

-- The caller's counter row, created if missing, rolled over to this month, locked until commit:
-- every quota function of one user queues here, which is what makes the count exact.
create function public.lock_generation_counts(uid uuid) returns public.user_generation_counts
language plpgsql volatile security definer set search_path = '' as $$
declare
  counts public.user_generation_counts;
  this_month date := public.generation_month();
begin
  insert into public.user_generation_counts (user_id, generation_count, current_month)
  values (uid, 0, this_month) on conflict (user_id) do nothing;
  select * into counts from public.user_generation_counts where user_id = uid for update;
  if counts.current_month <> this_month then
    update public.user_generation_counts set generation_count = 0, current_month = this_month, updated_at = now()
    where user_id = uid returning * into counts;
  end if;
  -- Lapsed reservations and those of an earlier month no longer hold a slot.
  delete from public.generation_reservations r where r.user_id = uid and (r.expires_at <= now() or r.month <> this_month);
  return counts;
end
$$;

-- { used, limit, remaining, month } where used counts running (reserved) generations too.
create function public.generation_quota_of(counts public.user_generation_counts) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'used', used, 'limit', public.monthly_generation_limit(),
    'remaining', greatest(public.monthly_generation_limit() - used, 0), 'month', counts.current_month
  )
  from (
    select counts.generation_count + (
      select count(*)::integer from public.generation_reservations r
      where r.user_id = counts.user_id and r.month = counts.current_month and r.expires_at > now()
    ) as used
  ) u
$$;

create function public.require_uid() returns uuid
language plpgsql stable set search_path = '' as $$
begin
  if (select auth.uid()) is null then
    raise exception 'Login Required' using errcode = '42501';
  end if;
  return (select auth.uid());
end
$$;

-- Reserves one generation; refuses with SQLSTATE PT429 'Monthly Generation Limit Reached' at the limit.
-- Returns { reservation_id, used, limit, remaining, month }.
-- A view_only account "cannot modify", so it cannot generate either: refused with
-- 42501 before anything is written. The rule is can_edit_content()'s (20261123001200, which is
-- applied after this file), spelled out here so this file stands on its own.
create function public.consume_generation() returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := public.require_uid();
  counts public.user_generation_counts;
  quota jsonb;
  reservation uuid;
begin
  if not coalesce(public.current_app_role() <> 'view_only', false) then
    raise exception 'View-only accounts cannot generate documents.' using errcode = '42501';
  end if;
  counts := public.lock_generation_counts(uid);
  quota := public.generation_quota_of(counts);
  if (quota ->> 'remaining')::integer <= 0 then
    raise exception 'Monthly Generation Limit Reached' using errcode = 'PT429',
      detail = format('%s of %s generations used this month.', quota ->> 'used', quota ->> 'limit'),
      hint = 'generation_limit';
  end if;
  insert into public.generation_reservations (user_id, month) values (uid, counts.current_month) returning id into reservation;
  return jsonb_build_object('reservation_id', reservation) || public.generation_quota_of(counts);
end
$$;

-- The generation succeeded: the reservation becomes a used generation. A reservation that already
-- lapsed (or belongs to an earlier month) is not counted: the doubt goes to the user.
create function public.confirm_generation(reservation uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := public.require_uid();
  counts public.user_generation_counts := public.lock_generation_counts(uid);
begin
  delete from public.generation_reservations r where r.id = reservation and r.user_id = uid;
  if found then
    update public.user_generation_counts set generation_count = generation_count + 1, updated_at = now()
    where user_id = uid returning * into counts;
  end if;
  return public.generation_quota_of(counts);
end
$$;

-- The generation failed or was stopped: the slot is free again.
create function public.refund_generation(reservation uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := public.require_uid();
  counts public.user_generation_counts := public.lock_generation_counts(uid);
begin
  delete from public.generation_reservations r where r.id = reservation and r.user_id = uid;
  return public.generation_quota_of(counts);
end
$$;

-- The caller's counter for display (n / 50) without writing anything.
create function public.generation_quota() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  uid uuid := public.require_uid();
  counts public.user_generation_counts;
begin
  select * into counts from public.user_generation_counts where user_id = uid;
  if counts.user_id is null or counts.current_month <> public.generation_month() then
    counts := row(uid, 0, public.generation_month(), now())::public.user_generation_counts;
  end if;
  return public.generation_quota_of(counts);
end
$$;

revoke execute on function public.lock_generation_counts(uuid), public.generation_quota_of(public.user_generation_counts)
  from public, anon, authenticated;
revoke execute on function public.consume_generation(), public.confirm_generation(uuid), public.refund_generation(uuid),
  public.generation_quota() from public, anon;
grant execute on function public.consume_generation(), public.confirm_generation(uuid), public.refund_generation(uuid),
  public.generation_quota() to authenticated, service_role;
