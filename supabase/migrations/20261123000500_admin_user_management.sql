-- Admin user management: the list of accounts the caller
-- manages and the role change, both decided by the database, so a hidden button is never the
-- only guard. The role matrix itself lives in profiles' RLS and guard trigger
-- (20261122000100_profiles_and_roles.sql); these functions run as the caller (security invoker)
-- and go through both. Creating, editing and deleting accounts needs the Auth admin API: that
-- is the admin-users Edge Function.

-- The accounts on the admin screen: a master_admin sees every account but master admins, an
-- admin only user, editor and view_only accounts; the caller is never listed. Anyone else is
-- refused (42501) instead of getting an empty list.
create function public.admin_list_users()
returns table (id uuid, name text, email text, phone text, role public.app_role, created_at timestamptz)
language plpgsql stable security invoker set search_path = '' as $$
begin
  if not public.is_admin() then
    raise exception 'You do not have permission to view this page.' using errcode = '42501';
  end if;
  return query
    select p.id, p.name, p.email, p.phone, p.role, p.created_at
    from public.profiles p
    where public.can_manage_role(p.role) and p.id <> (select auth.uid())
    order by p.created_at desc, p.id;
end
$$;

-- Change Role: to admin (master admin only), editor or view_only. The update runs
-- through profiles' RLS (an admin cannot even see admin accounts) and the guard trigger (nobody
-- changes their own role; master admins cannot be changed). Returns the updated account.
create function public.admin_set_user_role(target_id uuid, new_role public.app_role)
returns table (id uuid, name text, email text, phone text, role public.app_role, created_at timestamptz)
language plpgsql volatile security invoker set search_path = '' as $$
declare
  changed public.profiles;
begin
  if not public.is_admin() then
    raise exception 'You do not have permission to view this page.' using errcode = '42501';
  end if;
  if target_id = (select auth.uid()) then
    raise exception 'You cannot change your own role.' using errcode = '42501';
  end if;
  if new_role not in ('admin', 'editor', 'view_only') or (new_role = 'admin' and not public.is_master_admin()) then
    raise exception 'You are not allowed to assign the role %.', new_role using errcode = '42501';
  end if;
  update public.profiles p set role = new_role where p.id = target_id returning * into changed;
  if changed.id is null then
    raise exception 'User not found.' using errcode = 'P0002';
  end if;
  return query select changed.id, changed.name, changed.email, changed.phone, changed.role, changed.created_at;
end
$$;

revoke execute on function public.admin_list_users(), public.admin_set_user_role(uuid, public.app_role) from public, anon;
grant execute on function public.admin_list_users(), public.admin_set_user_role(uuid, public.app_role) to authenticated, service_role;

-- The role guard of 20261122000100 also let an admin set role 'user' by a plain REST update,
-- which admin_set_user_role refuses. Redefined here so both follow one rule: roles may be
-- changed to admin (master admin only), editor or view_only. Unchanged otherwise.
create or replace function public.guard_profile_changes() returns trigger
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
  if caller = 'master_admin' and old.role <> 'master_admin' and new.role in ('admin', 'editor', 'view_only') then
    null;
  elsif caller = 'admin' and old.role in ('user', 'editor', 'view_only') and new.role in ('editor', 'view_only') then
    null;
  else
    raise exception 'You are not allowed to assign the role %.', new.role using errcode = '42501';
  end if;
  new.updated_at := now();
  return new;
end
$$;
