-- Conversations: any answer can be followed up. A conversation keeps its turns in order, the
-- model each answer came from, where it started (a prompt run, the page, a document, an idea)
-- and the context it was given. Owner only; a view_only account reads its conversations and
-- cannot write them (a trigger says so in a sentence, as for ideas).

create table public.conversations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  title text not null check (length(btrim(title)) > 0 and length(title) <= 200),
  -- Where it started: a run of a prompt, the side panel's page chat, a generated document, a
  -- startup idea, a document analysis, a question to the knowledge base.
  source text not null default 'chat' check (source in ('run', 'chat', 'page', 'document', 'idea', 'analysis', 'knowledge')),
  prompt_id uuid references public.saved_prompts (id) on delete set null,
  free_prompt_id text references public.free_prompts (id) on delete set null,
  prompt_run_id uuid references public.prompt_runs (id) on delete set null,
  -- The model the next answer uses (each answer keeps its own in conversation_messages).
  provider text not null check (length(btrim(provider)) > 0 and length(provider) <= 50),
  model text check (model is null or length(model) <= 200),
  -- What the conversation was given besides its turns: the page (url, title), a document.
  context jsonb not null default '{}' check (jsonb_typeof(context) = 'object' and length(context::text) <= 200000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (prompt_id is null or free_prompt_id is null)
);
create index conversations_user_updated_idx on public.conversations (user_id, updated_at desc, id);
-- Deleting a run, a prompt or a free prompt sets these to null: indexed so that stays quick.
create index conversations_prompt_run_idx on public.conversations (prompt_run_id);
create index conversations_prompt_idx on public.conversations (prompt_id);
create index conversations_free_prompt_idx on public.conversations (free_prompt_id);

create table public.conversation_messages (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- The turn's place in the conversation, from 0; two tabs adding the same turn collide here
  -- instead of interleaving.
  position int not null check (position >= 0),
  role text not null check (role in ('user', 'assistant')),
  content text not null check (length(content) <= 1000000),
  -- Answers only: the model that wrote it and how it ended.
  provider text check (provider is null or length(provider) <= 50),
  model text check (model is null or length(model) <= 200),
  status text check (status in ('done', 'stopped', 'error')),
  error_message text check (error_message is null or length(error_message) <= 2000),
  created_at timestamptz not null default now(),
  unique (conversation_id, position),
  check ((role = 'user') = (status is null))
);
create index conversation_messages_user_idx on public.conversation_messages (user_id);

alter table public.conversations enable row level security;
alter table public.conversation_messages enable row level security;

create policy "conversations: owner reads" on public.conversations for select
  to authenticated using (user_id = (select auth.uid()));
create policy "conversations: owner inserts" on public.conversations for insert
  to authenticated with check (
    user_id = (select auth.uid())
    and private.owns_row('public.saved_prompts', prompt_id)
    and private.owns_row('public.prompt_runs', prompt_run_id)
  );
create policy "conversations: owner updates" on public.conversations for update
  to authenticated using (user_id = (select auth.uid()))
  with check (
    user_id = (select auth.uid())
    and private.owns_row('public.saved_prompts', prompt_id)
    and private.owns_row('public.prompt_runs', prompt_run_id)
  );
create policy "conversations: owner deletes" on public.conversations for delete
  to authenticated using (user_id = (select auth.uid()));

create policy "conversation_messages: owner reads" on public.conversation_messages for select
  to authenticated using (user_id = (select auth.uid()));
create policy "conversation_messages: owner inserts" on public.conversation_messages for insert
  to authenticated with check (user_id = (select auth.uid()) and private.owns_row('public.conversations', conversation_id));
create policy "conversation_messages: owner updates" on public.conversation_messages for update
  to authenticated using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()) and private.owns_row('public.conversations', conversation_id));
create policy "conversation_messages: owner deletes" on public.conversation_messages for delete
  to authenticated using (user_id = (select auth.uid()));

-- view_only reads and never writes; the sentence reaches the page. Without a signed-in user
-- (service role, migrations, cascades from deleting the account) there is no role: it passes.
create function private.conversations_refuse_view_only() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if public.current_app_role() = 'view_only' then
    raise exception 'View-only accounts cannot save, change or delete conversations.' using errcode = '42501';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end
$$;
revoke execute on function private.conversations_refuse_view_only() from public, anon, authenticated;
create trigger conversations_refuse_view_only before insert or update or delete on public.conversations
  for each row execute function private.conversations_refuse_view_only();
create trigger conversation_messages_refuse_view_only before insert or update or delete on public.conversation_messages
  for each row execute function private.conversations_refuse_view_only();

-- A new or changed turn moves its conversation to the top of History.
create function private.conversations_touch() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.conversations set updated_at = now()
    where id = (case when tg_op = 'DELETE' then old.conversation_id else new.conversation_id end);
  return null;
end
$$;
revoke execute on function private.conversations_touch() from public, anon, authenticated;
create trigger conversation_messages_touch after insert or update or delete on public.conversation_messages
  for each row execute function private.conversations_touch();

create function private.conversations_set_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end
$$;
revoke execute on function private.conversations_set_updated_at() from public, anon, authenticated;
create trigger conversations_set_updated_at before update on public.conversations
  for each row execute function private.conversations_set_updated_at();

-- History's search: the title or any turn contains the words (case-insensitive), newest first,
-- a page at a time with the total. Runs as the caller, so RLS keeps it to their own.
create function public.search_conversations(search text, max_results int default 20, skip int default 0)
returns table (
  id uuid, title text, source text, prompt_id uuid, free_prompt_id text, prompt_run_id uuid, provider text, model text,
  created_at timestamptz, updated_at timestamptz, turns bigint, total bigint
)
language sql stable set search_path = '' as $$
  with needle as (select '%' || public.like_escape(lower(btrim(coalesce(search, '')))) || '%' as pattern),
  page as (
    select c.id, c.updated_at, count(*) over () as total
    from public.conversations c, needle
    where lower(c.title) like needle.pattern
       or exists (
         select 1 from public.conversation_messages m
         where m.conversation_id = c.id and lower(m.content) like needle.pattern
       )
    order by c.updated_at desc, c.id desc
    limit least(greatest(max_results, 0), 200) offset greatest(skip, 0)
  )
  select c.id, c.title, c.source, c.prompt_id, c.free_prompt_id, c.prompt_run_id, c.provider, c.model,
         c.created_at, c.updated_at,
         (select count(*) from public.conversation_messages m where m.conversation_id = c.id) as turns,
         page.total
  from page join public.conversations c on c.id = page.id
  order by page.updated_at desc, page.id desc
$$;
revoke execute on function public.search_conversations(text, int, int) from public, anon;
grant execute on function public.search_conversations(text, int, int) to authenticated, service_role;

-- A conversation and its first turns in one transaction, so History never lists one without
-- them (a page left mid-save would otherwise leave an empty conversation). Runs as the caller:
-- the policies and triggers above apply as to any insert. Turns: [{role, content, provider,
-- model, status}], stored at positions 0, 1, …
create function public.start_conversation(
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
  insert into public.conversation_messages (conversation_id, position, role, content, provider, model, status)
    select new_id, (t.ordinality - 1)::int, t.turn ->> 'role', coalesce(t.turn ->> 'content', ''),
           t.turn ->> 'provider', t.turn ->> 'model', t.turn ->> 'status'
    from jsonb_array_elements(turns) with ordinality as t(turn, ordinality);
  return new_id;
end
$$;
revoke execute on function public.start_conversation(text, text, text, jsonb, text, uuid, text, uuid, jsonb) from public, anon;
grant execute on function public.start_conversation(text, text, text, jsonb, text, uuid, text, uuid, jsonb) to authenticated, service_role;
