-- The Training Hub's catalogue: videos hosted on YouTube or Vimeo, kept by admins (add, edit,
-- order, publish, remove). Every signed-in user reads the published ones; admins read all.
-- Each user marks the videos they watched (training_watched: their own rows only).
-- No seed: the catalogue starts empty rather than with addresses that do not exist.

create table public.training_videos (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(btrim(title)) between 1 and 200),
  description text not null default '' check (char_length(description) <= 2000),
  category text not null check (char_length(btrim(category)) between 1 and 60),
  -- Unknown durations stay null (the card then shows none).
  duration_seconds integer check (duration_seconds between 1 and 86400),
  -- The address as the admin gave it; shared/core/training.ts reads the video id from it. The check
  -- keeps the hosts to the two providers the page can embed.
  url text not null check (
    char_length(url) <= 500
    and url ~* '^https?://((www\.|m\.)?youtube\.com|youtu\.be|(www\.)?youtube-nocookie\.com|(www\.)?vimeo\.com|player\.vimeo\.com)/'
  ),
  position integer not null default 0,
  published boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index training_videos_position_idx on public.training_videos (position, created_at);

create trigger training_videos_touch before update on public.training_videos
  for each row execute function public.touch_updated_at();

alter table public.training_videos enable row level security;

create policy "training_videos: signed-in users read published, admins read all" on public.training_videos for select
  to authenticated using (published or (select public.is_admin()));
create policy "training_videos: admins add" on public.training_videos for insert
  to authenticated with check ((select public.is_admin()));
create policy "training_videos: admins change" on public.training_videos for update
  to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "training_videos: admins remove" on public.training_videos for delete
  to authenticated using ((select public.is_admin()));

-- Moves a video one place up or down in the catalogue: swaps its position with its neighbour's in
-- one statement, so the order never shows two videos at one place. Runs as the caller: RLS lets
-- only admins change rows, and the neighbour is looked up among the rows the caller sees.
create function public.move_training_video(video_id uuid, direction text) returns void
language plpgsql security invoker set search_path = '' as $$
declare
  current_row public.training_videos;
  neighbour public.training_videos;
begin
  -- RLS would already leave a non-admin's update without rows; this says so instead of doing nothing.
  if not (select public.is_admin()) then
    raise exception 'Only admins can reorder training videos.' using errcode = '42501';
  end if;
  if direction not in ('up', 'down') then
    raise exception 'direction must be up or down' using errcode = '22023';
  end if;
  select * into current_row from public.training_videos where id = video_id;
  if not found then
    raise exception 'This video no longer exists.' using errcode = 'P0002';
  end if;
  if direction = 'up' then
    select * into neighbour from public.training_videos v
      where (v.position, v.created_at, v.id) < (current_row.position, current_row.created_at, current_row.id)
      order by v.position desc, v.created_at desc, v.id desc limit 1;
  else
    select * into neighbour from public.training_videos v
      where (v.position, v.created_at, v.id) > (current_row.position, current_row.created_at, current_row.id)
      order by v.position, v.created_at, v.id limit 1;
  end if;
  if not found then
    return;
  end if;
  -- Equal positions (rows added at once) still swap places: the one moving goes past the other.
  update public.training_videos v
    set position = case
      when v.id = current_row.id then
        case when neighbour.position = current_row.position
          then current_row.position + (case when direction = 'up' then -1 else 1 end)
          else neighbour.position end
      else current_row.position end
    where v.id in (current_row.id, neighbour.id);
end
$$;
revoke execute on function public.move_training_video(uuid, text) from public, anon;
grant execute on function public.move_training_video(uuid, text) to authenticated;

create table public.training_watched (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  video_id uuid not null references public.training_videos (id) on delete cascade,
  watched_at timestamptz not null default now(),
  primary key (user_id, video_id)
);
create index training_watched_video_idx on public.training_watched (video_id);

alter table public.training_watched enable row level security;

create policy "training_watched: owners read their own" on public.training_watched for select
  to authenticated using (user_id = (select auth.uid()));
create policy "training_watched: owners mark their own" on public.training_watched for insert
  to authenticated with check (user_id = (select auth.uid()));
create policy "training_watched: owners unmark their own" on public.training_watched for delete
  to authenticated using (user_id = (select auth.uid()));
