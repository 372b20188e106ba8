-- View-only accounts read and run, and never write content: the prompt library, offers and the
-- knowledge base now refuse their writes too, with the sentence the page shows (the same trigger
-- function as ideas, conversations and workflows). Without a signed-in user (service role,
-- migrations, cascades from deleting an account) there is no role and nothing is refused.
-- Knowledge chunks stay writable: their embeddings are filled in while the account runs prompts.
create trigger saved_prompts_refuse_view_only before insert or update or delete on public.saved_prompts
  for each row execute function private.refuse_view_only('View-only accounts cannot save, change or delete prompts.');
create trigger prompt_folders_refuse_view_only before insert or update or delete on public.prompt_folders
  for each row execute function private.refuse_view_only('View-only accounts cannot create, change or delete folders.');
create trigger offers_refuse_view_only before insert or update or delete on public.offers
  for each row execute function private.refuse_view_only('View-only accounts cannot save, change or delete offers.');
create trigger kb_folders_refuse_view_only before insert or update or delete on public.kb_folders
  for each row execute function private.refuse_view_only('View-only accounts cannot change the knowledge base.');
create trigger kb_documents_refuse_view_only before insert or update or delete on public.kb_documents
  for each row execute function private.refuse_view_only('View-only accounts cannot change the knowledge base.');

-- Documents, document folders and workspaces refused view_only writes in their policies alone: an
-- insert failed with a row-level security error and an update or delete found no row, so the page
-- could not say why. The role check moves from those policies to the same trigger; ownership
-- stays with the policies.
do $$
declare
  pol record;
  using_expr text;
  check_expr text;
begin
  for pol in
    select p.polname, c.relname,
      pg_get_expr(p.polqual, p.polrelid) as qual, pg_get_expr(p.polwithcheck, p.polrelid) as with_check
    from pg_policy p join pg_class c on c.oid = p.polrelid
    where c.relnamespace = 'public'::regnamespace
      and c.relname in ('generated_documents', 'document_folders', 'workspaces')
      and (pg_get_expr(p.polqual, p.polrelid) like '%private.can_edit_content()%'
        or pg_get_expr(p.polwithcheck, p.polrelid) like '%private.can_edit_content()%')
  loop
    using_expr := replace(pol.qual, ' AND private.can_edit_content()', '');
    check_expr := replace(pol.with_check, ' AND private.can_edit_content()', '');
    if using_expr is not null then
      execute format('alter policy %I on public.%I using (%s)', pol.polname, pol.relname, using_expr);
    end if;
    if check_expr is not null then
      execute format('alter policy %I on public.%I with check (%s)', pol.polname, pol.relname, check_expr);
    end if;
  end loop;
end
$$;

create trigger generated_documents_refuse_view_only before insert or delete on public.generated_documents
  for each row execute function private.refuse_view_only('View-only accounts cannot save, change or delete documents.');
-- Downloading counts (download_count) and is reading: only other changes are refused.
create trigger generated_documents_edit_refuse_view_only before update on public.generated_documents
  for each row
  when ((to_jsonb(new) - 'download_count' - 'updated_at') is distinct from (to_jsonb(old) - 'download_count' - 'updated_at'))
  execute function private.refuse_view_only('View-only accounts cannot save, change or delete documents.');
create trigger document_folders_refuse_view_only before insert or update or delete on public.document_folders
  for each row execute function private.refuse_view_only('View-only accounts cannot create, change or delete folders.');
create trigger workspaces_refuse_view_only before insert or update or delete on public.workspaces
  for each row execute function private.refuse_view_only('View-only accounts cannot create, change or delete workspaces.');

-- Sharing is writing too; withdrawing a share given earlier stays possible.
create trigger shares_refuse_view_only before insert on public.shares
  for each row execute function private.refuse_view_only('View-only accounts cannot share workspaces or documents.');
