-- Profiles and roles: one profile per auth user (created by a trigger), the role that every
-- permission check reads, and security-definer helpers so policies can ask "what is the caller?"
-- without recursing into profiles' own RLS. Roles never come from an e-mail address.

create type public.app_role as enum ('user', 'editor', 'view_only', 'admin', 'master_admin');

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text,
  name text,
  phone text check (phone is null or phone ~ '^\+?[1-9][0-9]{1,14}$'),
  role public.app_role not null default 'user',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index profiles_role_idx on public.profiles (role);

-- The caller's role, read from the database. security definer: policies on other tables (and
-- on profiles itself) can call it without tripping over profiles' RLS.
create function public.current_app_role() returns public.app_role
language sql stable security definer set search_path = '' as $$
  select p.role from public.profiles p where p.id = (select auth.uid())
$$;

create function public.is_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(public.current_app_role() in ('admin', 'master_admin'), false)
$$;

create function public.is_master_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(public.current_app_role() = 'master_admin', false)
$$;

-- Which profiles an admin-like caller may see and manage: a master_admin every
-- account but master admins; an admin only user, editor and view_only accounts.
create function public.can_manage_role(target public.app_role) returns boolean
language sql stable security definer set search_path = '' as $$
  select case public.current_app_role()
    when 'master_admin' then target <> 'master_admin'
    when 'admin' then target in ('user', 'editor', 'view_only')
    else false
  end
$$;

revoke execute on function public.current_app_role(), public.is_admin(), public.is_master_admin(), public.can_manage_role(public.app_role) from public;
grant execute on function public.current_app_role(), public.is_admin(), public.is_master_admin(), public.can_manage_role(public.app_role) to anon, authenticated, service_role;

-- New auth user → profile. Name from sign-up metadata when given.
create function public.handle_new_auth_user() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.profiles (id, email, name)
  values (new.id, new.email, nullif(coalesce(new.raw_user_meta_data ->> 'name', new.raw_user_meta_data ->> 'full_name'), ''))
  on conflict (id) do nothing;
  return new;
end
$$;
create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_auth_user();

create function public.handle_auth_user_email_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.profiles set email = new.email, updated_at = now() where id = new.id;
  return new;
end
$$;
create trigger on_auth_user_email_changed after update of email on auth.users
  for each row when (old.email is distinct from new.email)
  execute function public.handle_auth_user_email_change();

-- Role changes through the API follow the role matrix; trusted callers (service_role, the
-- database owner running migrations or admin commands) are not restricted.
create function public.guard_profile_changes() returns trigger
language plpgsql set search_path = '' as $$
declare
  caller public.app_role;
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if new.id is distinct from old.id or new.email is distinct from old.email then
    raise exception 'id and email of a profile are managed by the auth service' using errcode = '42501';
  end if;
  if new.role is not distinct from old.role then
    new.updated_at := now();
    return new;
  end if;
  if new.id = (select auth.uid()) then
    raise exception 'You cannot change your own role.' using errcode = '42501';
  end if;
  caller := public.current_app_role();
  if caller = 'master_admin' and old.role <> 'master_admin' and new.role in ('admin', 'editor', 'view_only', 'user') then
    null;
  elsif caller = 'admin' and old.role in ('user', 'editor', 'view_only') and new.role in ('editor', 'view_only', 'user') then
    null;
  else
    raise exception 'You are not allowed to assign the role %.', new.role using errcode = '42501';
  end if;
  new.updated_at := now();
  return new;
end
$$;
create trigger guard_profile_changes before update on public.profiles
  for each row execute function public.guard_profile_changes();

alter table public.profiles enable row level security;

create policy "profiles: read own or managed" on public.profiles for select
  to authenticated
  using (id = (select auth.uid()) or public.can_manage_role(role));

create policy "profiles: update own or managed" on public.profiles for update
  to authenticated
  using (id = (select auth.uid()) or public.can_manage_role(role))
  with check (id = (select auth.uid()) or public.can_manage_role(role));

create policy "profiles: delete managed" on public.profiles for delete
  to authenticated
  using (id <> (select auth.uid()) and public.can_manage_role(role));
-- No insert policy: profiles are created by the auth trigger only.
