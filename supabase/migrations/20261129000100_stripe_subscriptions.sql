-- Stripe subscriptions: the webhook events already handled. Stripe delivers an event at least
-- once and in any order; the stripe-webhook function records each event id here first, so a
-- repeated delivery changes nothing, and then re-reads the subscription from Stripe (the order of
-- events does not matter). Only the service role reads or writes it: no API role is granted, and
-- the one policy names the service role (which bypasses RLS anyway) so the table's purpose is
-- written down rather than left as a table without policies.
create table public.stripe_events (
  id text primary key check (length(id) between 1 and 255),
  type text not null check (length(type) between 1 and 255),
  received_at timestamptz not null default now()
);
alter table public.stripe_events enable row level security;
revoke all on table public.stripe_events from anon, authenticated;
create policy "stripe_events: the webhook's alone" on public.stripe_events for all
  to service_role using (true) with check (true);
