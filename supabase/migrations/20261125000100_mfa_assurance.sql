-- Two-factor authentication enforced by the database, not only by the web UI. An account with a
-- verified factor counts as itself only in a session that passed the second factor (aal2): with a
-- password alone (aal1) — say a leaked admin password — it has no admin powers, cannot read or
-- change its provider keys and cannot change its account. Accounts without a factor are unaffected.

create function public.session_meets_mfa() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((select auth.jwt()) ->> 'aal', 'aal1') = 'aal2'
      or not exists (
        select 1 from auth.mfa_factors f where f.user_id = (select auth.uid()) and f.status = 'verified'
      )
$$;
revoke execute on function public.session_meets_mfa() from public;
grant execute on function public.session_meets_mfa() to anon, authenticated, service_role;

-- Admin checks (every admin policy, function and the admin-users Edge Function goes through these).
create or replace function public.is_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(public.current_app_role() in ('admin', 'master_admin'), false) and public.session_meets_mfa()
$$;

create or replace function public.is_master_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(public.current_app_role() = 'master_admin', false) and public.session_meets_mfa()
$$;

create or replace function public.can_manage_role(target public.app_role) returns boolean
language sql stable security definer set search_path = '' as $$
  select public.session_meets_mfa() and case public.current_app_role()
    when 'master_admin' then target <> 'master_admin'
    when 'admin' then target in ('user', 'editor', 'view_only')
    else false
  end
$$;

-- Provider keys: restrictive, so it narrows whatever the owner policies allow.
create policy "user_api_keys: two-factor accounts need a two-factor session" on public.user_api_keys
  as restrictive for all to authenticated
  using ((select public.session_meets_mfa())) with check ((select public.session_meets_mfa()));

-- Account changes (name, phone, role): the same.
create policy "profiles: two-factor accounts change only in a two-factor session" on public.profiles
  as restrictive for update to authenticated
  using ((select public.session_meets_mfa())) with check ((select public.session_meets_mfa()));
