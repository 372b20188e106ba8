-- Knowledge retrieval: every knowledge-base document is split into passages (chunks) when it is
-- saved or changed, and indexed for full-text search, so a question finds the passages that
-- answer it instead of sending whole documents. Postgres full-text search is the floor that works
-- on PGlite, PostgreSQL and hosted Supabase alike; match_knowledge is the one signature the app
-- calls, so a deployment with pgvector can change how it ranks without touching the app.

create table public.kb_chunks (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  document_id uuid not null references public.kb_documents (id) on delete cascade,
  -- The document's folder, kept in step by the indexing trigger (selection by folder).
  folder_id uuid references public.kb_folders (id) on delete cascade,
  position int not null check (position >= 0),
  -- The document's name, weighted above the passage's words.
  heading text not null,
  content text not null,
  tsv tsvector generated always as (
    setweight(to_tsvector('english', heading), 'A') || setweight(to_tsvector('english', content), 'B')
  ) stored,
  unique (document_id, position)
);
create index kb_chunks_tsv_idx on public.kb_chunks using gin (tsv);
create index kb_chunks_user_folder_idx on public.kb_chunks (user_id, folder_id);
-- Deleting a folder deletes its passages (cascade): found by this index.
create index kb_chunks_folder_idx on public.kb_chunks (folder_id);

-- Only the trigger below writes chunks; their owner reads them (and nobody else, ever).
alter table public.kb_chunks enable row level security;
create policy "kb_chunks: owner reads" on public.kb_chunks for select
  to authenticated using (user_id = (select auth.uid()));
revoke insert, update, delete on public.kb_chunks from anon, authenticated;

-- Passages of about `target` characters: paragraphs are kept whole and packed together; a
-- paragraph longer than that is cut at a word, each piece repeating the last `overlap`
-- characters of the one before, so a sentence cut in two is still found whole in one of them.
create function private.kb_split(body text, target int default 1200, overlap int default 200) returns setof text
language plpgsql immutable set search_path = '' as $$
declare
  paragraph text;
  current text := '';
  rest text;
  cut int;
begin
  foreach paragraph in array regexp_split_to_array(coalesce(body, ''), E'\\n[ \\t]*\\n') loop
    paragraph := btrim(paragraph, E' \t\r\n');
    continue when paragraph = '';
    if length(paragraph) > target then
      if current <> '' then
        return next current;
        current := '';
      end if;
      rest := paragraph;
      while length(rest) > target loop
        cut := length(substr(rest, 1, target)) - position(' ' in reverse(substr(rest, 1, target)));
        if cut < target / 2 or cut >= target then
          cut := target;
        end if;
        return next btrim(substr(rest, 1, cut));
        rest := substr(rest, greatest(cut - overlap, 1) + 1);
        -- Start the overlap at a word.
        if position(' ' in rest) between 1 and overlap / 2 then
          rest := substr(rest, position(' ' in rest) + 1);
        end if;
      end loop;
      current := btrim(rest);
    elsif current = '' then
      current := paragraph;
    elsif length(current) + 2 + length(paragraph) <= target then
      current := current || E'\n\n' || paragraph;
    else
      return next current;
      current := paragraph;
    end if;
  end loop;
  if current <> '' then
    return next current;
  end if;
end
$$;
revoke execute on function private.kb_split(text, int, int) from public, anon, authenticated;

-- (Re)indexes a document whenever its text, name or folder changes; deleting it deletes its
-- chunks (cascade). SECURITY DEFINER: chunks are written by this function only.
create function private.kb_index_document() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from public.kb_chunks where document_id = new.id;
  insert into public.kb_chunks (user_id, document_id, folder_id, position, heading, content)
    select new.user_id, new.id, new.folder_id, (piece.ordinality - 1)::int, new.name, piece.text
    from private.kb_split(new.content) with ordinality as piece(text, ordinality);
  return null;
end
$$;
revoke execute on function private.kb_index_document() from public, anon, authenticated;
create trigger kb_documents_index after insert or update of content, name, folder_id, user_id on public.kb_documents
  for each row execute function private.kb_index_document();

-- Documents saved before this migration are indexed now.
insert into public.kb_chunks (user_id, document_id, folder_id, position, heading, content)
  select d.user_id, d.id, d.folder_id, (piece.ordinality - 1)::int, d.name, piece.text
  from public.kb_documents d, private.kb_split(d.content) with ordinality as piece(text, ordinality);

-- The passages that best answer `query` among the caller's knowledge: all of it, the documents
-- outside folders ('uncategorized') or one folder. Any of the question's words may match (a
-- question rarely repeats a passage word for word); passages matching more of them, closer
-- together, and in the document's name rank higher (ts_rank_cd). Runs as the caller: RLS keeps it
-- to their own passages.
create function public.match_knowledge(
  query text, selection text default 'all', folder uuid default null, match_count int default 5
) returns table (
  chunk_id uuid, document_id uuid, document_name text, folder_id uuid, "position" int, content text, rank real
)
language sql stable set search_path = '' as $$
  with question as (
    select nullif(replace(websearch_to_tsquery('english', coalesce(query, ''))::text, ' & ', ' | '), '') as terms
  )
  select c.id, c.document_id, c.heading, c.folder_id, c.position, c.content,
         ts_rank_cd(c.tsv, to_tsquery('english', question.terms), 1) as rank
  from public.kb_chunks c, question
  where question.terms is not null
    and c.tsv @@ to_tsquery('english', question.terms)
    and case selection
          when 'folder' then c.folder_id = folder
          when 'uncategorized' then c.folder_id is null
          else true
        end
  order by rank desc, c.document_id, c.position
  limit least(greatest(match_count, 1), 50)
$$;
revoke execute on function public.match_knowledge(text, text, uuid, int) from public, anon;
grant execute on function public.match_knowledge(text, text, uuid, int) to authenticated, service_role;
