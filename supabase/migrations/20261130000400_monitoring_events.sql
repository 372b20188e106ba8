-- Operational monitoring: what went wrong where (failed or unverifiable Stripe webhooks, Edge
-- Function errors, failed scheduled runs, sign-in lockouts, exhausted generation quotas), shown on
-- the master admins' monitoring card, and e-mailed to the configured alert address at most once
-- per kind per hour by the monitoring-alerts Edge Function.

create table public.monitoring_events (
  id bigint generated always as identity primary key,
  kind text not null
    check (kind in ('stripe_webhook_failed', 'function_error', 'scheduled_run_failed', 'sign_in_lockout', 'quota_exhausted')),
  -- Where it happened: a function's name, 'auth', 'scheduler'.
  source text not null default '' check (length(source) <= 100),
  message text not null check (length(message) between 1 and 2000),
  detail jsonb not null default '{}'::jsonb check (jsonb_typeof(detail) = 'object'),
  user_id uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  -- Set when an alert e-mail covered this event.
  alerted_at timestamptz
);
create index monitoring_events_recent_idx on public.monitoring_events (created_at desc);
create index monitoring_events_pending_idx on public.monitoring_events (kind, created_at) where alerted_at is null;
create index monitoring_events_user_idx on public.monitoring_events (user_id);

-- The last alert sent per kind: the hourly limit.
create table public.monitoring_alerts (
  kind text primary key,
  last_sent_at timestamptz not null,
  recipient text not null
);

alter table public.monitoring_events enable row level security;
alter table public.monitoring_alerts enable row level security;
-- Read by master admins; written only through the functions below.
create policy "monitoring_events: master admins read" on public.monitoring_events for select
  to authenticated using ((select private.is_master_admin()));
create policy "monitoring_alerts: master admins read" on public.monitoring_alerts for select
  to authenticated using ((select private.is_master_admin()));

-- Records one event; the database's own callers (the local auth server) use this directly.
create function private.record_monitoring_event(
  event_kind text,
  event_source text,
  event_message text,
  event_detail jsonb default '{}'::jsonb,
  event_user uuid default null
) returns bigint
language sql volatile security definer set search_path = '' as $$
  insert into public.monitoring_events (kind, source, message, detail, user_id)
  select event_kind, left(coalesce(event_source, ''), 100), left(event_message, 2000),
    coalesce(event_detail, '{}'::jsonb),
    -- An id that is not (or no longer) an account is dropped instead of failing the record.
    (select u.id from auth.users u where u.id = event_user)
  -- A user's exhausted quota is one event per month, however often they try again.
  where not (event_kind = 'quota_exhausted' and exists (
    select 1 from public.monitoring_events e
    where e.kind = 'quota_exhausted' and e.user_id = event_user and e.created_at >= date_trunc('month', now())))
  returning id
$$;
revoke execute on function private.record_monitoring_event(text, text, text, jsonb, uuid) from public, anon, authenticated;

-- The Edge Functions' way in (service role only).
create function public.record_monitoring_event(
  event_kind text,
  event_source text,
  event_message text,
  event_detail jsonb default '{}'::jsonb,
  event_user uuid default null
) returns bigint
language sql volatile security definer set search_path = '' as $$
  select private.record_monitoring_event(event_kind, event_source, event_message, event_detail, event_user)
$$;
revoke execute on function public.record_monitoring_event(text, text, text, jsonb, uuid) from public, anon, authenticated;
grant execute on function public.record_monitoring_event(text, text, text, jsonb, uuid) to service_role;

-- Takes the alerts that are due: per kind with events not yet alerted (from the last day), when the
-- kind's last alert is an hour old or more and an alert address is set. The events are marked and the
-- kind's hour starts, in one statement, so two callers at once never send the same alert twice.
create function public.claim_monitoring_alerts()
returns table (kind text, recipient text, event_count int, events jsonb)
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_column
declare
  address text := (select s.alert_email from public.monitoring_settings s where s.id);
  due record;
begin
  if coalesce(address, '') = '' then
    return;
  end if;
  for due in
    select e.kind from public.monitoring_events e
    left join public.monitoring_alerts a on a.kind = e.kind
    where e.alerted_at is null and e.created_at > now() - interval '1 day'
      and (a.last_sent_at is null or a.last_sent_at <= now() - interval '1 hour')
    group by e.kind
    order by e.kind
  loop
    insert into public.monitoring_alerts as a (kind, last_sent_at, recipient) values (due.kind, now(), address)
    on conflict on constraint monitoring_alerts_pkey do update set last_sent_at = now(), recipient = address
      where a.last_sent_at <= now() - interval '1 hour';
    if not found then
      continue;
    end if;
    with marked as (
      update public.monitoring_events e set alerted_at = now()
      where e.kind = due.kind and e.alerted_at is null and e.created_at > now() - interval '1 day'
      returning e.id, e.source, e.message, e.created_at
    )
    select count(*)::int,
      coalesce(jsonb_agg(jsonb_build_object('id', m.id, 'source', m.source, 'message', m.message, 'at', m.created_at)
        order by m.created_at desc), '[]'::jsonb)
    into event_count, events
    from marked m;
    kind := due.kind;
    recipient := address;
    return next;
  end loop;
end
$$;
revoke execute on function public.claim_monitoring_alerts() from public, anon, authenticated;
grant execute on function public.claim_monitoring_alerts() to service_role;

-- An alert that could not be sent gives its events and its hour back, for the next call.
create function public.release_monitoring_alert(alert_kind text, event_ids bigint[]) returns void
language sql volatile security definer set search_path = '' as $$
  update public.monitoring_events e set alerted_at = null where e.kind = alert_kind and e.id = any (event_ids);
  delete from public.monitoring_alerts a where a.kind = alert_kind;
$$;
revoke execute on function public.release_monitoring_alert(text, bigint[]) from public, anon, authenticated;
grant execute on function public.release_monitoring_alert(text, bigint[]) to service_role;

-- The card's counts per kind over the last day and week (as the caller: master admins see them).
create function public.monitoring_event_counts()
returns table (kind text, last_day int, last_week int, last_at timestamptz)
language sql stable security invoker set search_path = '' as $$
  select e.kind,
    (count(*) filter (where e.created_at > now() - interval '1 day'))::int,
    count(*)::int,
    max(e.created_at)
  from public.monitoring_events e
  where e.created_at > now() - interval '7 days'
  group by e.kind
  order by e.kind
$$;
revoke execute on function public.monitoring_event_counts() from public, anon;
grant execute on function public.monitoring_event_counts() to authenticated, service_role;

-- Every minute, where pg_cron and pg_net exist (hosted Supabase): POST monitoring-alerts with the
-- project URL and service role key kept in Vault, as for the scheduled workflows. Elsewhere the
-- local stack's scheduler calls it.
do $do$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
     and exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_cron;
    create schema if not exists extensions;
    create extension if not exists pg_net with schema extensions;
    perform cron.schedule(
      'monitoring-alerts',
      '* * * * *',
      $job$
      select net.http_post(
        url := secrets.url || '/functions/v1/monitoring-alerts',
        headers := jsonb_build_object(
          'content-type', 'application/json',
          'apikey', secrets.key,
          'authorization', 'Bearer ' || secrets.key
        ),
        body := '{}'::jsonb
      )
      from (
        select
          (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') as url,
          (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key') as key
      ) as secrets
      where secrets.url is not null and secrets.key is not null
      $job$
    );
  end if;
end
$do$;
