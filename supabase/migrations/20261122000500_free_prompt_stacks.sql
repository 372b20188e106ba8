-- The built-in free prompt stacks: categories and their prompts with
-- bracketed placeholders and the questions that fill them. Read by everyone; curated by admins.

create table public.free_prompt_categories (
  id text primary key,
  name text not null,
  description text not null default '',
  sort_order int not null default 0
);

create table public.free_prompts (
  id text primary key,
  category_id text not null references public.free_prompt_categories (id) on delete cascade,
  name text not null,
  prompt_text text not null,
  llm_provider text not null default 'openai',
  template_id text,
  is_premium boolean not null default false,
  -- [{ "label": "...", "placeholderKey": "..." }]
  questions jsonb not null default '[]'::jsonb check (jsonb_typeof(questions) = 'array'),
  sort_order int not null default 0
);
create index free_prompts_category_idx on public.free_prompts (category_id, sort_order);

alter table public.free_prompt_categories enable row level security;
alter table public.free_prompts enable row level security;

create policy "free_prompt_categories: read for all" on public.free_prompt_categories for select
  to anon, authenticated using (true);
create policy "free_prompt_categories: admins write" on public.free_prompt_categories for all
  to authenticated using (public.is_admin()) with check (public.is_admin());

create policy "free_prompts: read for all" on public.free_prompts for select
  to anon, authenticated using (true);
create policy "free_prompts: admins write" on public.free_prompts for all
  to authenticated using (public.is_admin()) with check (public.is_admin());
