-- The contact form (the original only simulated the send; here it is stored): visitors and
-- signed-in users leave a message; only admins read it or delete it. Nobody edits a message.
-- The length limits match shared/core/contact.ts (CONTACT_LIMITS).

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete set null,
  name text not null check (length(btrim(name)) between 1 and 100),
  email text not null check (length(btrim(email)) between 3 and 254 and email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'),
  subject text not null check (length(btrim(subject)) between 1 and 150),
  message text not null check (length(btrim(message)) between 1 and 5000),
  created_at timestamptz not null default now()
);
create index contact_messages_created_at_idx on public.contact_messages (created_at desc);
create index contact_messages_user_id_idx on public.contact_messages (user_id) where user_id is not null;

alter table public.contact_messages enable row level security;

-- Writers never read their row back (anon has no select): clients insert with return=minimal.
create policy "contact_messages: visitors send anonymously" on public.contact_messages for insert
  to anon with check (user_id is null);
create policy "contact_messages: users send as themselves" on public.contact_messages for insert
  to authenticated with check (user_id is null or user_id = (select auth.uid()));
create policy "contact_messages: admins read" on public.contact_messages for select
  to authenticated using (public.is_admin());
create policy "contact_messages: admins delete" on public.contact_messages for delete
  to authenticated using (public.is_admin());
