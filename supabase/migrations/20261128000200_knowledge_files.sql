-- Uploaded knowledge-base files keep their original beside the extracted text: a private bucket,
-- one folder per owner (the first part of an object's name is the owner's id), readable and
-- removable by that owner only. view_only accounts read and download, and upload nothing.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'knowledge-files',
  'knowledge-files',
  false,
  10485760,
  array[
    'text/plain',
    'text/markdown',
    'application/pdf',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
  ]
)
on conflict (id) do nothing;

create policy knowledge_files_select on storage.objects for select to authenticated
  using (bucket_id = 'knowledge-files' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy knowledge_files_insert on storage.objects for insert to authenticated
  with check (
    bucket_id = 'knowledge-files'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and (select public.current_app_role()) is distinct from 'view_only'
  );
create policy knowledge_files_delete on storage.objects for delete to authenticated
  using (bucket_id = 'knowledge-files' and (storage.foldername(name))[1] = (select auth.uid())::text);

-- The stored original of an uploaded document (null for typed text, web pages and files added
-- before originals were kept). Its size is shown beside the download.
alter table public.kb_documents
  add column file_path text check (file_path is null or (type = 'file' and length(file_path) <= 1024)),
  add column file_size bigint check (file_size is null or file_size >= 0),
  add constraint kb_documents_file_in_owner_folder check (file_path is null or split_part(file_path, '/', 1) = user_id::text);
