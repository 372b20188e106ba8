-- Mail the Edge Functions could not send: no mailer on the project (RESEND_API_KEY unset) or the
-- mailer refused it. Receipts, scheduled-run results, monitoring alerts, invitations and
-- "feature shipped" mails that did not go out are recorded as monitoring events of their own kind,
-- with the kind of mail and why (supabase/functions/_shared/mail.ts records them), so a project
-- without a working mailer shows it on the master admins' monitoring card instead of dropping mail.

alter table public.monitoring_events drop constraint monitoring_events_kind_check;
alter table public.monitoring_events add constraint monitoring_events_kind_check
  check (kind in (
    'stripe_webhook_failed', 'function_error', 'scheduled_run_failed', 'sign_in_lockout', 'quota_exhausted', 'client_error',
    'mail_unsent'
  ));

-- Records one unsent mail (detail: the mail's kind, the reason, the address, and what the caller
-- adds: its subject, the mailer's answer); answers whether it was recorded. The same mail to the
-- same address for the same reason within an hour is one event (a webhook delivered again, an
-- admin clicking again), and as an alert that could not go out is retried every minute, an unsent
-- monitoring alert counts once per reason and hour.
create function public.record_unsent_mail(
  mail_kind text,
  reason text,
  recipient text,
  event_message text,
  event_detail jsonb default '{}'::jsonb
) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  recorded_detail jsonb := coalesce(event_detail, '{}'::jsonb) || jsonb_build_object('mail', mail_kind, 'reason', reason, 'to', recipient);
begin
  if mail_kind is null or reason not in ('no_mailer', 'mailer_refused') then
    raise exception 'A mail kind and a reason (no_mailer or mailer_refused) are required.' using errcode = '22023';
  end if;
  -- One at a time per kind of mail and reason, so two at once cannot both be the first of the hour.
  perform pg_advisory_xact_lock(hashtext('mail_unsent:' || mail_kind || ':' || reason));
  if exists (
    select 1 from public.monitoring_events e
    where e.kind = 'mail_unsent' and e.created_at > now() - interval '1 hour'
      and e.detail ->> 'mail' = mail_kind and e.detail ->> 'reason' = reason
      and (mail_kind = 'monitoring_alert'
        or (e.detail ->> 'to' is not distinct from recipient and e.detail ->> 'subject' is not distinct from recorded_detail ->> 'subject'))
  ) then
    return false;
  end if;
  perform private.record_monitoring_event('mail_unsent', 'mail', event_message, recorded_detail, null);
  return true;
end
$$;
revoke execute on function public.record_unsent_mail(text, text, text, text, jsonb) from public, anon, authenticated;
grant execute on function public.record_unsent_mail(text, text, text, text, jsonb) to service_role;
