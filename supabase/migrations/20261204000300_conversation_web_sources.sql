-- An answer grounded in a web search keeps its numbered sources (title, site, link, snippet) with
-- it, as a prompt run does, so the conversation shows them again when it is reopened.

alter table public.conversation_messages add column web_sources jsonb
  check (
    web_sources is null
    or (role = 'assistant' and jsonb_typeof(web_sources) = 'array' and jsonb_array_length(web_sources) <= 20 and length(web_sources::text) <= 100000)
  );

-- A conversation's first answer may carry its sources (turns[i].web_sources), its question its images.
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
  insert into public.conversation_messages (conversation_id, position, role, content, provider, model, status, image_paths, web_sources)
    select new_id, (t.ordinality - 1)::int, t.turn ->> 'role', coalesce(t.turn ->> 'content', ''),
           t.turn ->> 'provider', t.turn ->> 'model', t.turn ->> 'status',
           case when jsonb_typeof(t.turn -> 'image_paths') = 'array'
             then array(select jsonb_array_elements_text(t.turn -> 'image_paths')) else '{}'::text[] end,
           case when jsonb_typeof(t.turn -> 'web_sources') = 'array' then t.turn -> 'web_sources' end
    from jsonb_array_elements(turns) with ordinality as t(turn, ordinality);
  return new_id;
end
$$;
