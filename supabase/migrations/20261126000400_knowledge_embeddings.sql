-- Knowledge retrieval with embeddings: when the user's provider offers an OpenAI-compatible
-- /embeddings endpoint, the app embeds each passage (its document's name and text) and the
-- question, and match_knowledge re-ranks the full-text candidates by a blend of text rank and
-- cosine similarity. No pgvector here (PGlite, Debian PostgreSQL): vectors are real[] and the
-- cosine is computed in SQL over the candidates only, which stays fast because full text has
-- already narrowed them to fifty. A hosted deployment with pgvector can store a vector column
-- and rank by its index behind the same match_knowledge signature, without touching the app.

-- The passage's embedding and the model that made it (vectors of different models never mix).
alter table public.kb_chunks
  add column embedding real[],
  add column embedding_model text,
  add constraint kb_chunks_embedding_check check (
    (embedding is null and embedding_model is null)
    or (embedding_model is not null and length(embedding_model) between 1 and 200 and cardinality(embedding) between 1 and 4096)
  );

-- Full-text search reads every matching row's tsv: it stays in the row (compressed) and the
-- vectors, which do not compress, live out of it (TOAST), read only for the re-ranked few.
-- Measured on 10,000 passages: about twice as fast as the default storage.
alter table public.kb_chunks
  alter column embedding set storage external,
  alter column tsv set storage main;

-- The owner sets (or clears) the embeddings of their own passages, and nothing else of them:
-- text, position and owner stay written by the indexing trigger only.
grant update (embedding, embedding_model) on public.kb_chunks to authenticated;
create policy "kb_chunks: owner sets embeddings" on public.kb_chunks for update
  to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

-- Embeddings are kept at length 1, so ranking needs only their dot product (the cosine), half
-- the arithmetic of a full cosine in SQL. A zero vector says nothing: it is refused.
create function private.kb_unit_embedding() returns trigger
language plpgsql set search_path = '' as $$
declare
  norm double precision;
begin
  if new.embedding is null then
    return new;
  end if;
  select sqrt(sum(x::double precision * x)) into norm from unnest(new.embedding) as x;
  if norm is null or norm = 0 or norm = 'NaN'::double precision then
    raise exception 'An embedding must have a length above zero' using errcode = '22023';
  end if;
  if abs(norm - 1) > 1e-6 then
    new.embedding := array(select (x / norm)::real from unnest(new.embedding) with ordinality as e(x, i) order by i);
  end if;
  return new;
end
$$;
revoke execute on function private.kb_unit_embedding() from public, anon, authenticated;
create trigger kb_chunks_unit_embedding before insert or update of embedding on public.kb_chunks
  for each row execute function private.kb_unit_embedding();

-- (Re)indexes a document when its text, name or owner changes; the passages are written anew, so
-- their embeddings (of the old text) go with them. A move to another folder keeps the passages
-- and their embeddings, only their folder changes.
create or replace function private.kb_index_document() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'UPDATE' and new.content is not distinct from old.content and new.name is not distinct from old.name
     and new.user_id = old.user_id then
    update public.kb_chunks set folder_id = new.folder_id where document_id = new.id and folder_id is distinct from new.folder_id;
    return null;
  end if;
  delete from public.kb_chunks where document_id = new.id;
  insert into public.kb_chunks (user_id, document_id, folder_id, position, heading, content)
    select new.user_id, new.id, new.folder_id, (piece.ordinality - 1)::int, new.name, piece.text
    from private.kb_split(new.content) with ordinality as piece(text, ordinality);
  return null;
end
$$;
revoke execute on function private.kb_index_document() from public, anon, authenticated;

-- Stores embeddings for the caller's passages in one call: `embeddings` is
-- [{ "chunk_id": uuid, "embedding": [number, …] }, …]. Runs as the caller, so RLS keeps it to
-- their own passages (another user's ids are skipped). Returns how many passages were updated;
-- fewer than sent means some passages were rewritten meanwhile (their document changed).
create function public.store_knowledge_embeddings(embedding_model text, embeddings jsonb) returns int
language sql volatile set search_path = '' as $$
  with given as (
    select (item ->> 'chunk_id')::uuid as chunk_id,
           array(select value::real from jsonb_array_elements_text(item -> 'embedding') as value) as vector
    from jsonb_array_elements(coalesce(embeddings, '[]'::jsonb)) as item
  ), updated as (
    update public.kb_chunks c
    set embedding = given.vector, embedding_model = store_knowledge_embeddings.embedding_model
    from given
    where c.id = given.chunk_id
    returning c.id
  )
  select count(*)::int from updated
$$;
revoke execute on function public.store_knowledge_embeddings(text, jsonb) from public, anon;
grant execute on function public.store_knowledge_embeddings(text, jsonb) to authenticated, service_role;

-- The passages that best answer `query` among the caller's knowledge: all of it, the documents
-- outside folders ('uncategorized') or one folder. Any of the question's words may match (a
-- question rarely repeats a passage word for word); passages matching more of them, closer
-- together, and in the document's name rank higher (ts_rank_cd). Runs as the caller: RLS keeps it
-- to their own passages.
--
-- With `query_embedding` (and the `embedding_model` that made it), the best 50 full-text
-- candidates are re-ranked by 0.7 × cosine similarity (the dot product of unit vectors) + 0.3 ×
-- text rank (divided by the best candidate's, so both lie in 0..1). The weights come from
-- measuring recall@5 on a labelled set of marketing documents (tests/bench/knowledge-bench.ts):
-- every cosine weight from 0.5 up found all answers there, text alone 96%; 0.7 sits inside that
-- range while still letting the words break near-ties. A candidate without an embedding of that
-- model counts its text rank for both. Without an embedding it ranks by full text alone, as before. With pgvector, a
-- deployment may replace this body (e.g. candidates from an ANN index as well) under the same
-- signature.
drop function public.match_knowledge(text, text, uuid, int);
create function public.match_knowledge(
  query text,
  selection text default 'all',
  folder uuid default null,
  match_count int default 5,
  query_embedding real[] default null,
  embedding_model text default null
) returns table (
  chunk_id uuid, document_id uuid, document_name text, folder_id uuid, "position" int, content text, rank real
)
language sql stable set search_path = '' as $$
  -- The question's words, any of them (OR), parsed once (materialized: not again for every passage).
  with question as materialized (
    select to_tsquery('english', nullif(replace(websearch_to_tsquery('english', coalesce(query, ''))::text, ' & ', ' | '), '')) as terms
  ),
  -- The question's embedding at length 1 (the passages' are stored so), when there is one.
  probe as materialized (
    select case when norm > 0 then array(select (x / norm)::real from unnest(query_embedding) with ordinality as e(x, i) order by i) end
             as vector
    from (select sqrt(sum(x::double precision * x)) as norm from unnest(query_embedding) as x) as length
  ),
  reranking as (
    select coalesce(probe.vector is not null and match_knowledge.embedding_model is not null, false) as active, probe.vector
    from probe
  ),
  -- Ranked on the index's matches with the narrow columns only; text and vectors are read for the
  -- few kept (reading them for every match would cost more than the ranking itself).
  ranked as (
    select c.id, ts_rank_cd(c.tsv, question.terms, 1) as text_rank
    from public.kb_chunks c, question
    where question.terms is not null
      and c.tsv @@ question.terms
      and case selection
            when 'folder' then c.folder_id = folder
            when 'uncategorized' then c.folder_id is null
            else true
          end
    order by text_rank desc, c.document_id, c.position
    limit (select case when reranking.active then 50 else least(greatest(match_count, 1), 50) end from reranking)
  ),
  scored as (
    select c.id, c.document_id, c.heading, c.folder_id, c.position, c.content,
           case
             when not reranking.active then r.text_rank
             else (
               0.3 * (r.text_rank / nullif(max(r.text_rank) over (), 0))
               + 0.7 * coalesce(
                 case when c.embedding_model = match_knowledge.embedding_model
                        and cardinality(c.embedding) = cardinality(reranking.vector) then (
                   select sum(a * b) from unnest(c.embedding, reranking.vector) as pair(a, b)
                 ) end,
                 r.text_rank / nullif(max(r.text_rank) over (), 0)
               )
             )::real
           end as score
    from ranked r join public.kb_chunks c on c.id = r.id, reranking
  )
  select s.id, s.document_id, s.heading, s.folder_id, s.position, s.content, coalesce(s.score, 0)::real as rank
  from scored s
  order by rank desc, s.document_id, s.position
  limit least(greatest(match_count, 1), 50)
$$;
revoke execute on function public.match_knowledge(text, text, uuid, int, real[], text) from public, anon;
grant execute on function public.match_knowledge(text, text, uuid, int, real[], text) to authenticated, service_role;
