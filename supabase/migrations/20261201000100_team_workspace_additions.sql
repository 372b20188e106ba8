-- A team workspace grants its members exactly what the owner put in it. An editor may rearrange,
-- rename and remove what is there, and add documents of their own; adding any other document (an
-- id learnt from a share or a link) would hand the owner's document to every member, so it is
-- refused here, whatever the client sends.

-- The document ids a workspace structure points at (files without a document are skipped).
create function private.workspace_document_ids(structure jsonb) returns setof uuid
language sql immutable set search_path = '' as $$
  select (doc #>> '{}')::uuid from jsonb_path_query(structure, '$.** ? (@.type == "file" && @.docId != null).docId') as doc
$$;
revoke execute on function private.workspace_document_ids(jsonb) from public, anon;
grant execute on function private.workspace_document_ids(jsonb) to authenticated, service_role;

create or replace function private.workspaces_team_rules() returns trigger
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
    if exists (
      select 1 from private.workspace_document_ids(new.structure) as added(id)
      where added.id not in (select kept.id from private.workspace_document_ids(old.structure) as kept(id))
        and not exists (select 1 from public.generated_documents d where d.id = added.id and d.user_id = uid)
    ) then
      raise exception 'Only the owner can add their documents to a team workspace; add your own documents or ask the owner.'
        using errcode = '42501';
    end if;
  end if;
  if new.team_id is not null and (tg_op = 'INSERT' or new.team_id is distinct from old.team_id)
    and not exists (select 1 from public.teams t where t.id = new.team_id and t.owner_id = new.user_id) then
    raise exception 'Only the team owner can share a workspace with the team.' using errcode = '42501';
  end if;
  return new;
end
$$;
