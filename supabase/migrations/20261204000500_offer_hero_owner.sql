-- An offer's hero is one of its owner's own pictures: the foreign key alone would let an offer
-- name any picture id (nothing would show, as RLS hides other people's pictures, but the link
-- would tie one account's offer to another's picture).

create function private.offer_hero_is_owners() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.hero_image_id is not null and not exists (
    select 1 from public.generated_images g where g.id = new.hero_image_id and g.user_id = new.user_id
  ) then
    raise exception 'The hero image must be one of your own pictures.' using errcode = '23503';
  end if;
  return new;
end
$$;

create trigger offers_hero_is_owners before insert or update of hero_image_id on public.offers
  for each row execute function private.offer_hero_is_owners();
