-- Images asked about in a conversation (a captured tab, a region, an upload) are kept with the
-- question: the files in a private bucket with one folder per owner (the first part of an object's
-- name is the owner's id), their names on the message. The app removes the files when the
-- question is replaced or the conversation deleted, and account-delete removes the folder.
-- view_only accounts see their images and add or remove none.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('conversation-images', 'conversation-images', false, 20971520, array['image/png', 'image/jpeg', 'image/webp', 'image/gif'])
on conflict (id) do nothing;

create policy conversation_images_select on storage.objects for select to authenticated
  using (bucket_id = 'conversation-images' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy conversation_images_insert on storage.objects for insert to authenticated
  with check (
    bucket_id = 'conversation-images'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and (select public.current_app_role()) is distinct from 'view_only'
  );
create policy conversation_images_delete on storage.objects for delete to authenticated
  using (
    bucket_id = 'conversation-images'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and (select public.current_app_role()) is distinct from 'view_only'
  );

-- The files of a question's images (names in conversation-images), in the order they were sent.
alter table public.conversation_messages
  add column image_paths text[] not null default '{}'
  check (cardinality(image_paths) <= 4 and (role = 'user' or cardinality(image_paths) = 0));

-- A conversation's first question may carry its images (turns[i].image_paths).
create or replace function public.start_conversation(
  title text, source text, provider text, turns jsonb, model text default null, prompt_id uuid default null,
  free_prompt_id text default null, prompt_run_id uuid default null, context jsonb default '{}'
) returns uuid
language plpgsql set search_path = '' as $$
declare
  new_id uuid;
begin
  if jsonb_typeof(turns) is distinct from 'array' or jsonb_array_length(turns) = 0 then
    raise exception 'A conversation starts with at least one message.' using errcode = '22023';
  end if;
  insert into public.conversations (title, source, provider, model, prompt_id, free_prompt_id, prompt_run_id, context)
    values (title, source, provider, model, prompt_id, free_prompt_id, prompt_run_id, coalesce(context, '{}'))
    returning id into new_id;
  insert into public.conversation_messages (conversation_id, position, role, content, provider, model, status, image_paths)
    select new_id, (t.ordinality - 1)::int, t.turn ->> 'role', coalesce(t.turn ->> 'content', ''),
           t.turn ->> 'provider', t.turn ->> 'model', t.turn ->> 'status',
           case when jsonb_typeof(t.turn -> 'image_paths') = 'array'
             then array(select jsonb_array_elements_text(t.turn -> 'image_paths')) else '{}'::text[] end
    from jsonb_array_elements(turns) with ordinality as t(turn, ordinality);
  return new_id;
end
$$;
