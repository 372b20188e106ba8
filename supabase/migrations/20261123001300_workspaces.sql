-- Workspaces of the file manager (/file-manager and /workspace/{id}):
-- a named tree of folders and files, kept as one jsonb array of nodes
--   { id, type: 'folder', name, children: [...] } | { id, type: 'file', name, docId: <generated_documents.id> | null }
-- so a move or rename is one write. `version` is for optimistic concurrency: every change of the
-- structure raises it by one (a trigger does, whatever the client sends), and a save states the
-- version it started from (update … where version = <base>), so two tabs editing at once never
-- silently overwrite each other: the second save matches no row and the app merges or asks
-- (shared/core/workspaceMerge.ts).
--
-- The first visit with none creates the demo workspace, once per account:
-- ensure_demo_workspace() records it in workspace_onboarding, so a user who deletes the demo is not
-- given it again. Owners manage their workspaces unless they are view_only; reading a workspace shared
-- with the caller is added by 20261123001400_shares.sql (it replaces workspace_shared_with_me()).

-- The shape above, at most 5,000 nodes and 32 levels, ids unique, names non-blank.
create function public.valid_workspace_structure(structure jsonb) returns boolean
language sql immutable as $$
  with recursive nodes(node, depth) as (
    select value, 1 from jsonb_array_elements(case when jsonb_typeof(structure) = 'array' then structure else '[]' end)
    union all
    select child.value, n.depth + 1
    from nodes n
    cross join lateral jsonb_array_elements(
      case when n.depth <= 32 and jsonb_typeof(n.node -> 'children') = 'array' then n.node -> 'children' else '[]' end
    ) child
  )
  select jsonb_typeof(structure) = 'array'
    and length(structure::text) <= 2000000
    and (select count(*) from nodes) <= 5000
    and (select count(*) = count(distinct n.node ->> 'id') from nodes n)
    and not exists (
      select 1 from nodes n
      where n.depth > 32 or not coalesce(
        jsonb_typeof(n.node) = 'object'
        and jsonb_typeof(n.node -> 'id') = 'string' and length(n.node ->> 'id') between 1 and 100
        and jsonb_typeof(n.node -> 'name') = 'string' and length(btrim(n.node ->> 'name')) > 0 and length(n.node ->> 'name') <= 200
        and (
          (n.node ->> 'type' = 'folder' and jsonb_typeof(n.node -> 'children') = 'array')
          or (n.node ->> 'type' = 'file' and (
            coalesce(jsonb_typeof(n.node -> 'docId'), 'null') = 'null'
            or (n.node ->> 'docId') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
          ))
        ), false)
    )
$$;

-- Does the structure hold a file pointing at this document?
create function public.workspace_has_document(structure jsonb, document uuid) returns boolean
language sql immutable as $$
  select jsonb_path_exists(structure, '$.** ? (@.type == "file" && @.docId == $doc)', jsonb_build_object('doc', document::text))
$$;

create table public.workspaces (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null check (length(btrim(name)) > 0 and length(name) <= 200),
  structure jsonb not null default '[]' check (public.valid_workspace_structure(structure)),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index workspaces_user_created_idx on public.workspaces (user_id, created_at);

create function public.workspaces_versioning() returns trigger
language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    new.version := 1;
  else
    new.version := old.version + case when new.structure is distinct from old.structure then 1 else 0 end;
  end if;
  new.updated_at := now();
  return new;
end
$$;
create trigger workspaces_versioning before insert or update on public.workspaces
  for each row execute function public.workspaces_versioning();

-- Who has been given the demo workspace (and which it was).
create table public.workspace_onboarding (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  demo_workspace_id uuid references public.workspaces (id) on delete set null,
  created_at timestamptz not null default now()
);

-- Is this workspace shared with the caller? Nothing is shared yet; the sharing migration replaces it.
create function public.workspace_shared_with_me(workspace uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select false
$$;

alter table public.workspaces enable row level security;
alter table public.workspace_onboarding enable row level security;

create policy "workspaces: owner or recipient reads" on public.workspaces for select
  to authenticated using (user_id = (select auth.uid()) or public.workspace_shared_with_me(id));
create policy "workspaces: owner inserts" on public.workspaces for insert
  to authenticated with check (user_id = (select auth.uid()) and public.can_edit_content());
create policy "workspaces: owner updates" on public.workspaces for update
  to authenticated using (user_id = (select auth.uid()) and public.can_edit_content())
  with check (user_id = (select auth.uid()));
create policy "workspaces: owner deletes" on public.workspaces for delete
  to authenticated using (user_id = (select auth.uid()) and public.can_edit_content());

create policy "workspace_onboarding: owner reads" on public.workspace_onboarding for select
  to authenticated using (user_id = (select auth.uid()));

-- Creates the demo workspace on the first visit of an account that has none, once. demo is
-- { name, structure, document?: { name, content } }; file nodes whose docId is "$document" point at
-- the welcome document created with it. Returns the new workspace's id, or null when nothing was
-- created (already onboarded, has workspaces, or a view_only account). Two tabs at once: the second
-- waits on the onboarding row and creates nothing.
create function public.ensure_demo_workspace(demo jsonb) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := public.require_uid();
  structure jsonb := coalesce(demo -> 'structure', '[]');
  document uuid;
  workspace uuid;
begin
  if not public.can_edit_content() then
    return null;
  end if;
  insert into public.workspace_onboarding (user_id) values (uid) on conflict (user_id) do nothing;
  if not found or exists (select 1 from public.workspaces w where w.user_id = uid) then
    return null;
  end if;
  if jsonb_typeof(demo -> 'document') = 'object' then
    insert into public.generated_documents (user_id, name, content)
    values (uid, demo -> 'document' ->> 'name', demo -> 'document' ->> 'content')
    returning id into document;
    structure := replace(structure::text, '"$document"', to_jsonb(document::text)::text)::jsonb;
  end if;
  insert into public.workspaces (user_id, name, structure) values (uid, demo ->> 'name', structure) returning id into workspace;
  update public.workspace_onboarding set demo_workspace_id = workspace where user_id = uid;
  return workspace;
end
$$;

revoke execute on function public.ensure_demo_workspace(jsonb) from public, anon;
grant execute on function public.ensure_demo_workspace(jsonb) to authenticated, service_role;
