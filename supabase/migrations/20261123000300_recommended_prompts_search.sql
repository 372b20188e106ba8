-- Searching the recommended-prompt catalogue (/recommended-prompts: search by name,
-- description or tag, category tabs, pages of 9). The table and its policies are in
-- 20261122000400_recommended_prompts.sql; both functions run as the caller, so RLS applies, and
-- they list public rows only (the catalogue shows only rows with is_public true).

-- The public rows whose name, description or a tag contains the search (case-insensitive); an
-- empty search lists them all. Inlined, so the caller's filters, order, range and count apply.
create function public.search_recommended_prompts(search text default '') returns setof public.recommended_prompts
language sql stable as $$
  select r.* from public.recommended_prompts r
  where r.is_public
    and (
      coalesce(btrim(search), '') = ''
      or (r.name || E'\n' || r.description || E'\n' || array_to_string(r.tags, E'\n'))
         ilike '%' || public.like_escape(btrim(search)) || '%'
    )
$$;
grant execute on function public.search_recommended_prompts(text) to anon, authenticated, service_role;

-- The category tabs, in order.
create function public.recommended_prompt_categories() returns setof text
language sql stable as $$
  select distinct r.category from public.recommended_prompts r where r.is_public order by 1
$$;
grant execute on function public.recommended_prompt_categories() to anon, authenticated, service_role;
