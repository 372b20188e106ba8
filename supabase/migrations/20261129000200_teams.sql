-- Teams: a Team-plan subscriber owns one team of up to 5 people, the owner included. The owner
-- invites by e-mail (the team-invite Edge Function mails a single-use link); whoever accepts the
-- link while signed in joins with the role the owner chose: editor (edits the team's workspaces and
-- their documents) or view_only (reads them). Members count as Team for entitlements while the
-- owner's own subscription is on Team. Personal ownership rules stay as they were: the team only
-- adds readers and editors to the workspaces its owner marks as the team's.

create table public.teams (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null unique default auth.uid() references auth.users (id) on delete cascade,
  name text not null default 'My team' check (length(btrim(name)) between 1 and 100),
  created_at timestamptz not null default now()
);

-- One team per person: a member of a team neither owns another nor joins a second one.
create table public.team_members (
  team_id uuid not null references public.teams (id) on delete cascade,
  user_id uuid not null unique references auth.users (id) on delete cascade,
  email text not null,
  role text not null check (role in ('editor', 'view_only')),
  joined_at timestamptz not null default now(),
  primary key (team_id, user_id)
);

create table public.team_invitations (
  id uuid primary key default gen_random_uuid(),
  team_id uuid not null references public.teams (id) on delete cascade,
  email text not null check (email = lower(btrim(email)) and length(email) between 3 and 320),
  role text not null check (role in ('editor', 'view_only')),
  -- sha256 (hex) of the link's token, set by the server; cleared once accepted, so a link works once.
  token_hash text unique,
  invited_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '14 days',
  accepted_at timestamptz,
  accepted_by uuid references auth.users (id) on delete set null
);
create unique index team_invitations_pending_idx on public.team_invitations (team_id, email) where accepted_at is null;
create index team_invitations_team_idx on public.team_invitations (team_id);
create index team_invitations_accepted_by_idx on public.team_invitations (accepted_by);

-- The caller's place in a team: 'owner', 'editor', 'view_only', or null for everyone else.
create function private.team_role_of(team uuid) returns text
language sql stable security definer set search_path = '' as $$
  select case
    when exists (select 1 from public.teams t where t.id = team and t.owner_id = (select auth.uid())) then 'owner'
    else (select m.role from public.team_members m where m.team_id = team and m.user_id = (select auth.uid()))
  end
$$;
revoke execute on function private.team_role_of(uuid) from public, anon;
grant execute on function private.team_role_of(uuid) to authenticated, service_role;

-- At most 5 people, the owner included. Invitations still open take a seat too, so an owner cannot
-- send more links than there is room for; the team row is locked so two writes cannot both take the last seat.
create function private.team_has_room() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  taken integer;
begin
  perform 1 from public.teams t where t.id = new.team_id for update;
  select count(*) into taken from public.team_members m where m.team_id = new.team_id;
  if tg_table_name = 'team_invitations' then
    taken := taken + (
      select count(*) from public.team_invitations i
      where i.team_id = new.team_id and i.accepted_at is null and i.expires_at > now() and i.email <> new.email
    );
  end if;
  if taken >= 4 then
    raise exception 'A team has at most 5 people, the owner included. Remove a member or revoke an invitation first.'
      using errcode = '23514';
  end if;
  return new;
end
$$;
revoke execute on function private.team_has_room() from public, anon, authenticated;
create trigger team_members_have_room before insert on public.team_members
  for each row execute function private.team_has_room();
create trigger team_invitations_have_room before insert on public.team_invitations
  for each row execute function private.team_has_room();

-- The plan a person's own subscription gives (the function plans were computed with until now);
-- plan_of adds Team for members of a team whose owner is on Team.
alter function private.plan_of(uuid) rename to subscription_plan_of;

create function private.plan_of(uid uuid) returns text
language sql stable security definer set search_path = '' as $$
  select case
    when exists (
      select 1 from public.team_members m join public.teams t on t.id = m.team_id
      where m.user_id = uid and private.subscription_plan_of(t.owner_id) = 'team'
    ) then 'team'
    else private.subscription_plan_of(uid)
  end
$$;
revoke execute on function private.plan_of(uuid) from public;
grant execute on function private.plan_of(uuid) to anon, authenticated, service_role;

alter table public.teams enable row level security;
alter table public.team_members enable row level security;
alter table public.team_invitations enable row level security;

create policy "teams: owner and members read" on public.teams for select
  to authenticated using (private.team_role_of(id) is not null);
-- Only a Team subscriber creates a team, and not while a member of someone else's.
create policy "teams: Team subscriber creates" on public.teams for insert
  to authenticated with check (
    owner_id = (select auth.uid()) and private.subscription_plan_of((select auth.uid())) = 'team'
    and not exists (select 1 from public.team_members m where m.user_id = (select auth.uid()))
  );
create policy "teams: owner renames" on public.teams for update
  to authenticated using (owner_id = (select auth.uid())) with check (owner_id = (select auth.uid()));
create policy "teams: owner deletes" on public.teams for delete
  to authenticated using (owner_id = (select auth.uid()));

create policy "team_members: the team reads" on public.team_members for select
  to authenticated using (private.team_role_of(team_id) is not null);
-- Members join only by accepting an invitation (accept_team_invitation); the owner sets roles.
create policy "team_members: owner sets roles" on public.team_members for update
  to authenticated using (private.team_role_of(team_id) = 'owner') with check (private.team_role_of(team_id) = 'owner');
create policy "team_members: owner removes, member leaves" on public.team_members for delete
  to authenticated using (private.team_role_of(team_id) = 'owner' or user_id = (select auth.uid()));

create policy "team_invitations: owner reads" on public.team_invitations for select
  to authenticated using (private.team_role_of(team_id) = 'owner');
-- The owner creates the invitation while on Team; its token and acceptance are set by the server only.
create policy "team_invitations: owner invites" on public.team_invitations for insert
  to authenticated with check (
    private.team_role_of(team_id) = 'owner' and private.subscription_plan_of((select auth.uid())) = 'team'
    and token_hash is null and accepted_at is null and accepted_by is null
  );
create policy "team_invitations: owner revokes" on public.team_invitations for delete
  to authenticated using (private.team_role_of(team_id) = 'owner');

-- Only the role may change on a membership (who and since when stay).
create function private.team_members_keep_identity() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.team_id <> old.team_id or new.user_id <> old.user_id or new.email <> old.email or new.joined_at <> old.joined_at then
    raise exception 'Only a member''s role can be changed.' using errcode = '42501';
  end if;
  return new;
end
$$;
revoke execute on function private.team_members_keep_identity() from public, anon, authenticated;
create trigger team_members_keep_identity before update on public.team_members
  for each row execute function private.team_members_keep_identity();

-- The invitation link's token → a membership for the caller. Single use, until it expires.
-- Returns { team_id, team_name, role }.
create function private.accept_team_invitation(token text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
  found public.team_invitations;
  team public.teams;
begin
  if uid is null then
    raise exception 'Sign in to accept the invitation.' using errcode = '42501';
  end if;
  select * into found from public.team_invitations i
  where i.token_hash = encode(sha256(convert_to(coalesce(token, ''), 'UTF8')), 'hex') for update;
  if found.id is null or found.expires_at < now() then
    raise exception 'This invitation link is not valid any more. Ask the team owner for a new one.' using errcode = 'P0002';
  end if;
  select * into team from public.teams t where t.id = found.team_id;
  if team.owner_id = uid then
    raise exception 'This is your own team: send the link to the person you invited.' using errcode = '23514';
  end if;
  if exists (select 1 from public.teams t where t.owner_id = uid)
    or exists (select 1 from public.team_members m where m.user_id = uid) then
    raise exception 'You are already in a team. Leave it (or delete your own) before joining another.' using errcode = '23514';
  end if;
  insert into public.team_members (team_id, user_id, email, role)
  values (found.team_id, uid, coalesce((select lower(u.email) from auth.users u where u.id = uid), found.email), found.role);
  update public.team_invitations set accepted_at = now(), accepted_by = uid, token_hash = null where id = found.id;
  return jsonb_build_object('team_id', team.id, 'team_name', team.name, 'role', found.role);
end
$$;
revoke execute on function private.accept_team_invitation(text) from public, anon;
grant execute on function private.accept_team_invitation(text) to authenticated, service_role;

create function public.accept_team_invitation(token text) returns jsonb
language sql volatile security invoker set search_path = '' as $$ select private.accept_team_invitation(token) $$;
revoke execute on function public.accept_team_invitation(text) from public, anon;
grant execute on function public.accept_team_invitation(text) to authenticated, service_role;

-- The caller's team, created on the first call of a Team subscriber who has none (null for others).
create function public.ensure_team() returns uuid
language plpgsql volatile security invoker set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
  team uuid;
begin
  select t.id into team from public.teams t where t.owner_id = uid;
  if team is null and private.subscription_plan_of(uid) = 'team'
    and not exists (select 1 from public.team_members m where m.user_id = uid) then
    -- Two tabs at once: the second finds the first one's team (no upsert: it would need to read the new row).
    begin
      insert into public.teams (owner_id) values (uid);
    exception when unique_violation then
      null;
    end;
    select t.id into team from public.teams t where t.owner_id = uid;
  end if;
  return team;
end
$$;
revoke execute on function public.ensure_team() from public, anon;
grant execute on function public.ensure_team() to authenticated, service_role;

-- The team's workspaces: the team owner marks one of their workspaces as the team's. Its members
-- read it and the documents of the owner it holds; editors change them too.
alter table public.workspaces add column team_id uuid references public.teams (id) on delete set null;
create index workspaces_team_idx on public.workspaces (team_id);

-- The caller's team role for a document: 'editor' when a team workspace they edit holds it,
-- 'view_only' when they only read one that does, null otherwise. Only documents of the
-- workspace's owner are shared this way, as with shares.
create function private.team_document_role(document uuid, owner uuid) returns text
language sql stable security definer set search_path = '' as $$
  -- 'editor' sorts before 'view_only': the strongest role wins.
  select min(m.role) from public.workspaces w
  join public.team_members m on m.team_id = w.team_id and m.user_id = (select auth.uid())
  where w.team_id is not null and w.user_id = owner and public.workspace_has_document(w.structure, document)
$$;
revoke execute on function private.team_document_role(uuid, uuid) from public, anon;
grant execute on function private.team_document_role(uuid, uuid) to authenticated, service_role;

-- One policy per action (the advisor wants no overlapping permissive ones): the team joins the owner's.
alter policy "workspaces: owner or recipient reads" on public.workspaces using (
  user_id = (select auth.uid()) or private.workspace_shared_with_me(id)
  or (team_id is not null and private.team_role_of(team_id) is not null)
);
alter policy "workspaces: owner or recipient reads" on public.workspaces rename to "workspaces: owner, recipient or team reads";
-- Every member reaches the row, so a view_only member is told why (trigger below) instead of finding nothing.
alter policy "workspaces: owner updates" on public.workspaces
  using (user_id = (select auth.uid()) or (team_id is not null and private.team_role_of(team_id) in ('editor', 'view_only')))
  with check (user_id = (select auth.uid()) or (team_id is not null and private.team_role_of(team_id) in ('editor', 'view_only')));
alter policy "workspaces: owner updates" on public.workspaces rename to "workspaces: owner or team member updates";

-- Reading (the select policy, downloads) goes through document_shared_with_me: a team document is shared with its members.
create or replace function private.document_shared_with_me(document uuid, owner uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.shares s
    where s.recipient_id = (select auth.uid())
      and (
        s.document_id = document
        or exists (
          select 1 from public.workspaces w
          where w.id = s.workspace_id and w.user_id = owner and public.workspace_has_document(w.structure, document)
        )
      )
  ) or private.team_document_role(document, owner) is not null
$$;
alter policy "generated_documents: owner updates" on public.generated_documents
  using (user_id = (select auth.uid()) or private.team_document_role(id, user_id) is not null)
  with check (
    (user_id = (select auth.uid()) and private.owns_row('public.document_folders'::regclass, folder_id))
    or private.team_document_role(id, user_id) is not null
  );
alter policy "generated_documents: owner updates" on public.generated_documents rename to "generated_documents: owner or team member updates";

-- Team members other than the owner: view_only ones change nothing, editors change the name and
-- contents only (never who owns it, where it is filed, or whether it is the team's). A workspace
-- joins a team only by its own owner who owns that team.
create function private.workspaces_team_rules() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
begin
  if tg_op = 'UPDATE' and uid is not null and uid <> old.user_id and private.team_role_of(old.team_id) in ('editor', 'view_only') then
    if private.team_role_of(old.team_id) = 'view_only' then
      raise exception 'View-only team members cannot change the team''s workspaces.' using errcode = '42501';
    end if;
    if (to_jsonb(new) - 'name' - 'structure' - 'version' - 'updated_at') is distinct from (to_jsonb(old) - 'name' - 'structure' - 'version' - 'updated_at') then
      raise exception 'Team members may change a team workspace''s name and contents only.' using errcode = '42501';
    end if;
  end if;
  if new.team_id is not null and (tg_op = 'INSERT' or new.team_id is distinct from old.team_id)
    and not exists (select 1 from public.teams t where t.id = new.team_id and t.owner_id = new.user_id) then
    raise exception 'Only the team owner can share a workspace with the team.' using errcode = '42501';
  end if;
  return new;
end
$$;
revoke execute on function private.workspaces_team_rules() from public, anon, authenticated;
create trigger workspaces_team_rules before insert or update on public.workspaces
  for each row execute function private.workspaces_team_rules();

-- Downloading (download_count) is reading, for members as for share recipients.
create function private.generated_documents_team_rules() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
  role text;
begin
  if uid is null or uid = old.user_id
    or (to_jsonb(new) - 'download_count' - 'updated_at') is not distinct from (to_jsonb(old) - 'download_count' - 'updated_at') then
    return new;
  end if;
  role := private.team_document_role(old.id, old.user_id);
  if role = 'view_only' then
    raise exception 'View-only team members cannot change the team''s documents.' using errcode = '42501';
  end if;
  if role = 'editor' and (to_jsonb(new) - 'name' - 'content' - 'sort_name' - 'updated_at')
    is distinct from (to_jsonb(old) - 'name' - 'content' - 'sort_name' - 'updated_at') then
    raise exception 'Team members may change a team document''s name and contents only.' using errcode = '42501';
  end if;
  return new;
end
$$;
revoke execute on function private.generated_documents_team_rules() from public, anon, authenticated;
create trigger generated_documents_team_rules before update on public.generated_documents
  for each row execute function private.generated_documents_team_rules();
