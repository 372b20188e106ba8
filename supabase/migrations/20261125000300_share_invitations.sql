-- Shares reach only the person who controls the address: an e-mail string grants nothing. The
-- owner's share is an invitation mailed to the address (the share-invite Edge Function); the
-- recipient accepts it while signed in (accept_share with the link's token), which binds the share
-- to their user id. From then on RLS and the read paths look at recipient_id only — changing one's
-- e-mail address, signing up under it, or an admin editing it no longer reaches anything.

alter table public.shares
  add column recipient_id uuid references auth.users (id) on delete cascade,
  add column accepted_at timestamptz,
  -- sha256 (hex) of the invitation link's token; cleared once accepted, so a link works once.
  add column invite_token_hash text unique,
  add column invited_at timestamptz;
create index shares_recipient_id_idx on public.shares (recipient_id);

-- Shares made before invitations: bound to the account that holds the confirmed address today
-- (the one the old rules already showed them to); the rest wait for the owner to invite again.
update public.shares s set recipient_id = u.id, accepted_at = now()
from auth.users u
where lower(u.email) = s.recipient_email and u.email_confirmed_at is not null and u.id <> s.owner_id;

drop policy "shares: owner or recipient reads" on public.shares;
drop policy "shares: owner shares" on public.shares;
drop policy "shares: owner revokes or recipient removes" on public.shares;

create policy "shares: owner or recipient reads" on public.shares for select
  to authenticated using (owner_id = (select auth.uid()) or recipient_id = (select auth.uid()));
-- Owners create the invitation; who accepts it and its token are set by the server only.
create policy "shares: owner shares" on public.shares for insert
  to authenticated with check (
    owner_id = (select auth.uid()) and private.can_edit_content() and private.owns_share_target(workspace_id, document_id)
    and recipient_id is null and accepted_at is null and invite_token_hash is null and invited_at is null
  );
create policy "shares: owner revokes or recipient removes" on public.shares for delete
  to authenticated using (owner_id = (select auth.uid()) or recipient_id = (select auth.uid()));

create or replace function private.workspace_shared_with_me(workspace uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.shares s where s.workspace_id = workspace and s.recipient_id = (select auth.uid())
  )
$$;

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
  )
$$;

-- Nothing reads shares by e-mail any more.
drop function private.current_user_email();

-- The invitation link's token → the share, bound to the caller. Single use; 14 days.
-- Returns { share_id, workspace_id, document_id }.
create function private.accept_share(token text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
  found public.shares;
begin
  if uid is null then
    raise exception 'Sign in to accept the invitation.' using errcode = '42501';
  end if;
  select * into found from public.shares s
  where s.invite_token_hash = encode(sha256(convert_to(coalesce(token, ''), 'UTF8')), 'hex') for update;
  if found.id is null or found.invited_at < now() - interval '14 days' then
    raise exception 'This invitation link is not valid any more. Ask for a new one.' using errcode = 'P0002';
  end if;
  if found.owner_id = uid then
    raise exception 'This is your own share: send the link to the person you invited.' using errcode = '23514';
  end if;
  update public.shares set recipient_id = uid, accepted_at = now(), invite_token_hash = null where id = found.id;
  return jsonb_build_object('share_id', found.id, 'workspace_id', found.workspace_id, 'document_id', found.document_id);
end
$$;
revoke execute on function private.accept_share(text) from public, anon;
grant execute on function private.accept_share(text) to authenticated, service_role;

create function public.accept_share(token text) returns jsonb
language sql volatile security invoker set search_path = '' as $$ select private.accept_share(token) $$;
revoke execute on function public.accept_share(text) from public, anon;
grant execute on function public.accept_share(text) to authenticated, service_role;
