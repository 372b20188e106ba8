-- Monitoring alert contacts (the master admin's monitoring card; the
-- original kept them in browser storage as monitoringEmail / monitoringPhone). One row for the
-- whole product; master admins only. Sending alerts is not built yet: this stores the contacts.

create table public.monitoring_settings (
  id boolean primary key default true check (id),
  alert_email text not null default ''
    check (alert_email = '' or (length(alert_email) <= 254 and alert_email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$')),
  alert_phone text not null default '' check (alert_phone = '' or alert_phone ~ '^\+?[1-9][0-9]{1,14}$'),
  updated_by uuid references auth.users (id) on delete set null,
  updated_at timestamptz not null default now()
);

-- Who saved it last, and when: from the request, not from what the client sends.
create function public.stamp_monitoring_settings() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_by := coalesce((select auth.uid()), new.updated_by);
  new.updated_at := now();
  return new;
end
$$;
create trigger stamp_monitoring_settings before insert or update on public.monitoring_settings
  for each row execute function public.stamp_monitoring_settings();

alter table public.monitoring_settings enable row level security;

create policy "monitoring_settings: master admins read" on public.monitoring_settings for select
  to authenticated using ((select public.is_master_admin()));
create policy "monitoring_settings: master admins insert" on public.monitoring_settings for insert
  to authenticated with check ((select public.is_master_admin()));
create policy "monitoring_settings: master admins update" on public.monitoring_settings for update
  to authenticated using ((select public.is_master_admin())) with check ((select public.is_master_admin()));
create policy "monitoring_settings: master admins delete" on public.monitoring_settings for delete
  to authenticated using ((select public.is_master_admin()));
