-- Feature requests seen by admins: a key for Manage Folders' "Notify Me" (folder_view), when each
-- requester was mailed (notified_at, so a feature is announced to a person once), and each
-- feature's state (feature_status: shipped_at; admins alone write it). The feature-shipped Edge
-- Function marks a feature shipped and mails the requesters not mailed yet.

alter table public.feature_requests drop constraint feature_requests_feature_check;
alter table public.feature_requests add constraint feature_requests_feature_check
  check (feature in ('workflows', 'document_analysis', 'smart_queries', 'pitch_deck', 'folder_view'));
-- Set by the feature-shipped function (service role) when the "it's ready" mail went out.
alter table public.feature_requests add column notified_at timestamptz;

create table public.feature_status (
  feature text primary key check (feature in ('workflows', 'document_analysis', 'smart_queries', 'pitch_deck', 'folder_view')),
  shipped_at timestamptz,
  shipped_by uuid references auth.users (id) on delete set null,
  updated_at timestamptz not null default now()
);
create index feature_status_shipped_by_idx on public.feature_status (shipped_by);

create trigger feature_status_touch before update on public.feature_status
  for each row execute function public.touch_updated_at();

alter table public.feature_status enable row level security;

create policy "feature_status: admins read" on public.feature_status for select
  to authenticated using ((select public.is_admin()));
create policy "feature_status: admins add" on public.feature_status for insert
  to authenticated with check ((select public.is_admin()));
create policy "feature_status: admins change" on public.feature_status for update
  to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "feature_status: admins remove" on public.feature_status for delete
  to authenticated using ((select public.is_admin()));

-- The admin tab's list: every request with the requester's e-mail, newest first. Runs as the
-- caller, so RLS decides: admins get everyone's rows, anyone else only their own.
create function public.feature_request_list()
returns table (id uuid, feature text, user_id uuid, email text, created_at timestamptz, notified_at timestamptz)
language sql stable security invoker set search_path = '' as $$
  select r.id, r.feature, r.user_id, p.email, r.created_at, r.notified_at
  from public.feature_requests r
  left join public.profiles p on p.id = r.user_id
  order by r.created_at desc, r.id
$$;
revoke execute on function public.feature_request_list() from public, anon;
grant execute on function public.feature_request_list() to authenticated;
