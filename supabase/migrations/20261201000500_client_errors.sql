-- Page errors: when a dashboard page, the side panel or the popup fails to draw, the screen that
-- replaces it reports the failure through the report-error Edge Function. The event keeps what an
-- engineer needs and nothing the user wrote: the error's message, the route pattern (no ids), the
-- release and where it happened; the account when signed in. A reporter (an account, or a hashed
-- address for visitors) records at most 10 in 10 minutes, and all reporters together 300, so a
-- page failing in a loop or a flood of forged reports cannot bury the other events.

alter table public.monitoring_events drop constraint monitoring_events_kind_check;
alter table public.monitoring_events add constraint monitoring_events_kind_check
  check (kind in ('stripe_webhook_failed', 'function_error', 'scheduled_run_failed', 'sign_in_lockout', 'quota_exhausted', 'client_error'));

-- Answers whether the report was recorded (false: over a limit).
create function public.record_client_error(
  error_message text,
  error_route text,
  error_release text,
  error_surface text,
  reporter text,
  reporter_user uuid default null
) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
begin
  -- One report at a time per reporter, so two at once cannot both take the last place.
  perform pg_advisory_xact_lock(hashtext('client_error:' || reporter));
  if (select count(*) from public.monitoring_events e
      where e.kind = 'client_error' and e.created_at > now() - interval '10 minutes' and e.detail ->> 'reporter' = reporter) >= 10
    or (select count(*) from public.monitoring_events e
      where e.kind = 'client_error' and e.created_at > now() - interval '10 minutes') >= 300 then
    return false;
  end if;
  perform private.record_monitoring_event(
    'client_error',
    error_surface,
    error_message,
    jsonb_build_object('route', error_route, 'release', error_release, 'reporter', reporter),
    reporter_user
  );
  return true;
end
$$;
revoke execute on function public.record_client_error(text, text, text, text, text, uuid) from public, anon, authenticated;
grant execute on function public.record_client_error(text, text, text, text, text, uuid) to service_role;
