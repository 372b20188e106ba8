-- What the prompt library page needs beyond the table queries (issue 4): the user's tags for the
-- tag filter, and what deleting a folder would remove (its confirmation names it). Both run as
-- the caller, so RLS applies; neither changes data.

-- The caller's tags, grouped case-insensitively ('SEO' and 'seo' are one tag): the spelling used
-- most, every spelling (the page filters with tags && spellings, served by the GIN index on tags)
-- and how many prompts carry it.
create function public.prompt_library_tags()
returns table (tag text, spellings text[], prompts bigint)
language sql stable set search_path = '' as $$
  select mode() within group (order by t.tag) as tag,
         array_agg(distinct t.tag) as spellings,
         count(distinct p.id) as prompts
  from public.saved_prompts p cross join lateral unnest(p.tags) as t(tag)
  where p.user_id = (select auth.uid())
  group by lower(t.tag)
  order by lower(t.tag)
$$;
revoke execute on function public.prompt_library_tags() from public, anon;
grant execute on function public.prompt_library_tags() to authenticated, service_role;

-- How many folders (at any depth) and prompts are inside one of the caller's folders; zeros when
-- the folder is not theirs or does not exist.
create function public.prompt_folder_summary(folder uuid)
returns table (folders bigint, prompts bigint)
language sql stable set search_path = '' as $$
  with recursive tree as (
    select f.id, 0 as depth from public.prompt_folders f where f.id = folder and f.user_id = (select auth.uid())
    union all
    -- depth guard: the parent check refuses cycles, this keeps a damaged tree from looping
    select c.id, tree.depth + 1 from public.prompt_folders c join tree on c.parent_folder_id = tree.id where tree.depth < 10000
  )
  select (select count(*) from tree where depth > 0),
         (select count(*) from public.saved_prompts p where p.folder_id in (select id from tree))
$$;
revoke execute on function public.prompt_folder_summary(uuid) from public, anon;
grant execute on function public.prompt_folder_summary(uuid) to authenticated, service_role;
