-- Pitch decks: an investor deck generated from a saved idea, an offer or free text, then edited by
-- its owner. The slides (title, bullets, speaker notes, in order) are one jsonb array the app
-- validates on read and write (shared/core/pitchDeck); the theme names one of the app's themes.
-- The source is remembered by kind and id with the text it gave (brief): deleting the idea or offer
-- it came from leaves the deck whole. Owner only; a view_only account reads its decks and
-- cannot write them (the trigger says so in a sentence, as for ideas).

create table public.pitch_decks (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  title text not null check (length(btrim(title)) > 0 and length(title) <= 200),
  source_kind text not null default 'text' check (source_kind in ('idea', 'offer', 'text')),
  source_id uuid,
  -- The business as the model was told it (from the idea, the offer or the user's text), so one
  -- slide can be written again later with the same facts.
  brief text not null default '' check (length(brief) <= 20000),
  theme text not null default 'midnight' check (length(theme) between 1 and 40),
  slides jsonb not null check (
    jsonb_typeof(slides) = 'array' and jsonb_array_length(slides) between 1 and 30 and length(slides::text) <= 200000
  ),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((source_kind = 'text') = (source_id is null))
);
create index pitch_decks_user_updated_idx on public.pitch_decks (user_id, updated_at desc, id);

alter table public.pitch_decks enable row level security;

create policy "pitch_decks: owner reads" on public.pitch_decks for select
  to authenticated using (user_id = (select auth.uid()));
create policy "pitch_decks: owner inserts" on public.pitch_decks for insert
  to authenticated with check (user_id = (select auth.uid()));
create policy "pitch_decks: owner updates" on public.pitch_decks for update
  to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "pitch_decks: owner deletes" on public.pitch_decks for delete
  to authenticated using (user_id = (select auth.uid()));

create trigger pitch_decks_touch before update on public.pitch_decks
  for each row execute function public.touch_updated_at();
create trigger pitch_decks_refuse_view_only before insert or update or delete on public.pitch_decks
  for each row execute function private.refuse_view_only('View-only accounts cannot save, change or delete pitch decks.');
