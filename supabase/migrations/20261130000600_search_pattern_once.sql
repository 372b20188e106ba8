-- The library's and History's searches build their LIKE pattern once per call, not once per row.
-- Since every function got a fixed search_path, like_escape is no longer inlined: written into
-- the row filter, it ran as a function call for each prompt (20,000 rows: 56 → 27 ms a search on
-- PostgreSQL), and History's pattern, in a CTE the planner folded into the filter, for each
-- conversation and each of their turns (2,000 conversations of 5 turns: 79 → 51 ms, 77 → 15 ms
-- when an early turn matches). A scalar subquery, or a materialized CTE, is evaluated once.

create or replace function public.search_prompt_library(search text, max_results int default 50, skip int default 0)
returns table (
  id uuid, name text, description text, tags text[], is_favorite boolean, llm_provider text, model text,
  template_id text, folder_id uuid, is_premium boolean, created_at timestamptz, updated_at timestamptz,
  preview text, total bigint
)
language sql stable set search_path = public, extensions, pg_temp as $$
  with page as (
    select m.id, m.is_favorite, m.sort_name, count(*) over () as total
    from public.saved_prompts m
    where m.user_id = (select auth.uid())
      and m.search_text like (select '%' || public.like_escape(lower(btrim(search))) || '%')
    order by m.is_favorite desc, m.sort_name, m.id
    limit least(greatest(max_results, 0), 1000) offset greatest(skip, 0)
  )
  select p.id, p.name, p.description, p.tags, p.is_favorite, p.llm_provider, p.model, p.template_id, p.folder_id,
         p.is_premium, p.created_at, p.updated_at, public.prompt_preview(p), page.total
  from page join public.saved_prompts p on p.id = page.id
  order by page.is_favorite desc, page.sort_name, page.id
$$;

create or replace function public.search_conversations(search text, max_results int default 20, skip int default 0)
returns table (
  id uuid, title text, source text, prompt_id uuid, free_prompt_id text, prompt_run_id uuid, provider text, model text,
  created_at timestamptz, updated_at timestamptz, turns bigint, total bigint
)
language sql stable set search_path = '' as $$
  with needle as materialized (select '%' || public.like_escape(lower(btrim(coalesce(search, '')))) || '%' as pattern),
  page as (
    select c.id, c.updated_at, count(*) over () as total
    from public.conversations c, needle
    where lower(c.title) like needle.pattern
       or exists (
         select 1 from public.conversation_messages m
         where m.conversation_id = c.id and lower(m.content) like needle.pattern
       )
    order by c.updated_at desc, c.id desc
    limit least(greatest(max_results, 0), 200) offset greatest(skip, 0)
  )
  select c.id, c.title, c.source, c.prompt_id, c.free_prompt_id, c.prompt_run_id, c.provider, c.model,
         c.created_at, c.updated_at,
         (select count(*) from public.conversation_messages m where m.conversation_id = c.id) as turns,
         page.total
  from page join public.conversations c on c.id = page.id
  order by page.updated_at desc, page.id desc
$$;
