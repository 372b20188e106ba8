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

-- start_conversation() takes a first question's images (turns[i].image_paths) from
-- 20261204000300_conversation_web_sources.sql on, which replaces it once for both new columns.
