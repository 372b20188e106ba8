-- view_only accounts write nothing, in Storage too: removing an uploaded knowledge file's original
-- would leave its knowledge document pointing at a file that no longer exists. (Uploads were already
-- refused; a refused remove finds no object, and the knowledge document's own delete says why.)
alter policy knowledge_files_delete on storage.objects
  using (
    bucket_id = 'knowledge-files'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and (select public.current_app_role()) is distinct from 'view_only'
  );
