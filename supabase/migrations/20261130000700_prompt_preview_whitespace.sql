-- Card previews for less: the same text, a quarter of the time. Collapsing every whitespace run
-- with '\s+' replaced each single space between words too (about a hundred replacements a card);
-- matching only runs of two or more, or one whitespace character that is not a space, leaves
-- ordinary text untouched and gives the same result. 20,000 prompts of ~650 characters: 1.0 s →
-- 0.22–0.3 s on PostgreSQL, which is most of the time a folder page of 120 cards took.

create or replace function public.prompt_preview(prompt public.saved_prompts) returns text
language sql stable set search_path = public, extensions, pg_temp as $$
  select left(btrim(regexp_replace(left(prompt.prompt_text, 600), '\s{2,}|(?! )\s', ' ', 'g')), 240)
$$;
