-- Read-only sharing (the roles: an editor "manages own documents and workspaces, and can share
-- them"; view_only "views shared documents and workspaces; cannot modify"). The owner of a workspace
-- or a document (any role but view_only) shares it with an e-mail address; whoever signs in with that
-- confirmed address sees it read-only — enforced here by RLS: the recipient may read the workspace,
-- the documents its files point at (the owner's own documents only) and a directly shared document,
-- and may remove the share from their list, but never change anything.
--
-- Shares are keyed by the address, not resolved to an account: sharing answers the same whether or
-- not someone has an account with that address, so it reveals nothing about other users, and a
-- colleague who signs up later finds it waiting. Only a confirmed address counts.

create table public.shares (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- Shown to the recipient ("shared by …"); filled from the owner's account.
  owner_email text,
  workspace_id uuid references public.workspaces (id) on delete cascade,
  document_id uuid references public.generated_documents (id) on delete cascade,
  recipient_email text not null check (
    recipient_email = lower(btrim(recipient_email)) and length(recipient_email) <= 320
    and recipient_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'
  ),
  permission text not null default 'view' check (permission = 'view'),
  created_at timestamptz not null default now(),
  check (num_nonnulls(workspace_id, document_id) = 1),
  unique (workspace_id, recipient_email),
  unique (document_id, recipient_email)
);
create index shares_recipient_idx on public.shares (recipient_email);
create index shares_document_idx on public.shares (document_id);
create index shares_owner_idx on public.shares (owner_id, created_at desc);

-- The caller's confirmed e-mail address, lower-cased (null when unconfirmed or signed out).
create function public.current_user_email() returns text
language sql stable security definer set search_path = '' as $$
  select lower(u.email) from auth.users u where u.id = (select auth.uid()) and u.email_confirmed_at is not null
$$;

-- Is the share's workspace or document the caller's own?
create function public.owns_share_target(workspace uuid, document uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select case
    when workspace is not null then exists (select 1 from public.workspaces w where w.id = workspace and w.user_id = (select auth.uid()))
    else exists (select 1 from public.generated_documents d where d.id = document and d.user_id = (select auth.uid()))
  end
$$;

-- Fills the owner's address and refuses sharing with yourself.
create function public.shares_before_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  select lower(u.email) into new.owner_email from auth.users u where u.id = new.owner_id;
  if new.recipient_email = new.owner_email then
    raise exception 'You cannot share with yourself.' using errcode = '23514';
  end if;
  return new;
end
$$;
create trigger shares_before_insert before insert on public.shares
  for each row execute function public.shares_before_insert();

alter table public.shares enable row level security;

create policy "shares: owner or recipient reads" on public.shares for select
  to authenticated using (owner_id = (select auth.uid()) or recipient_email = (select public.current_user_email()));
create policy "shares: owner shares" on public.shares for insert
  to authenticated with check (
    owner_id = (select auth.uid()) and public.can_edit_content() and public.owns_share_target(workspace_id, document_id)
  );
create policy "shares: owner revokes or recipient removes" on public.shares for delete
  to authenticated using (owner_id = (select auth.uid()) or recipient_email = (select public.current_user_email()));

-- The read paths the workspace and document policies (and the download function) already call.
create or replace function public.workspace_shared_with_me(workspace uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.shares s
    where s.workspace_id = workspace and s.recipient_email = public.current_user_email()
  )
$$;

create or replace function public.document_shared_with_me(document uuid, owner uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.shares s
    where s.recipient_email = public.current_user_email()
      and (
        s.document_id = document
        or exists (
          select 1 from public.workspaces w
          where w.id = s.workspace_id and w.user_id = owner and public.workspace_has_document(w.structure, document)
        )
      )
  )
$$;
