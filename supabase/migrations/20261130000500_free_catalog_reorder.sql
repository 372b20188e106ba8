-- Reordering the free prompt stacks (admin → Prompt Catalogues) in one call: the categories, or one
-- category's prompts, numbered 1, 2, … in a single statement, so a failure leaves the old order and
-- two admins moving rows at once never leave a half-renumbered list. The ids given come first, in
-- that order; rows not named (added meanwhile by someone else) follow in their old order, so the
-- numbering is always dense. The functions run as the caller (security invoker): the tables'
-- "admins write" policies still apply, and the explicit admin check turns a refusal into an error
-- instead of an update of no rows (the schema advisor allows no security-definer function that
-- signed-in users can call).

create function public.reorder_free_prompt_categories(ordered_ids text[]) returns void
language plpgsql volatile security invoker set search_path = '' as $$
begin
  if not coalesce(private.is_admin(), false) then
    raise exception 'Only admins can change the prompt catalogues.' using errcode = '42501';
  end if;
  if cardinality(ordered_ids) <> (select count(distinct given) from unnest(ordered_ids) as given)
     or exists (select 1 from unnest(ordered_ids) as given
                where not exists (select 1 from public.free_prompt_categories c where c.id = given)) then
    raise exception 'The new order names an unknown category or one twice.' using errcode = '22023';
  end if;
  with placed as (
    select c.id, row_number() over (order by array_position(ordered_ids, c.id) nulls last, c.sort_order, c.id) as place
    from public.free_prompt_categories c
  )
  update public.free_prompt_categories c set sort_order = p.place
  from placed p
  where p.id = c.id and c.sort_order is distinct from p.place;
end
$$;

create function public.reorder_free_prompts(ordered_ids text[]) returns void
language plpgsql volatile security invoker set search_path = '' as $$
declare
  category text;
begin
  if not coalesce(private.is_admin(), false) then
    raise exception 'Only admins can change the prompt catalogues.' using errcode = '42501';
  end if;
  select min(p.category_id) into category from public.free_prompts p where p.id = any (ordered_ids);
  if cardinality(ordered_ids) = 0
     or cardinality(ordered_ids) <> (select count(distinct given) from unnest(ordered_ids) as given)
     or cardinality(ordered_ids) <> (select count(*) from public.free_prompts p where p.id = any (ordered_ids) and p.category_id = category) then
    raise exception 'The new order names an unknown prompt, one twice, or prompts of several categories.' using errcode = '22023';
  end if;
  with placed as (
    select p.id, row_number() over (order by array_position(ordered_ids, p.id) nulls last, p.sort_order, p.id) as place
    from public.free_prompts p
    where p.category_id = category
  )
  update public.free_prompts p set sort_order = placed.place
  from placed
  where placed.id = p.id and p.sort_order is distinct from placed.place;
end
$$;

revoke execute on function public.reorder_free_prompt_categories(text[]), public.reorder_free_prompts(text[]) from public, anon;
grant execute on function public.reorder_free_prompt_categories(text[]), public.reorder_free_prompts(text[]) to authenticated;
