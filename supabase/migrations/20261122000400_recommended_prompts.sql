-- The recommended-prompt catalogue: public rows readable by everyone, curated by admins.

create table public.recommended_prompts (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) > 0),
  description text not null default '',
  prompt_text text not null,
  category text not null,
  tags text[] not null default '{}',
  llm_suitability text[] not null default '{}',
  is_public boolean not null default true,
  created_at timestamptz not null default now()
);
create index recommended_prompts_listing_idx on public.recommended_prompts (category, name) where is_public;

alter table public.recommended_prompts enable row level security;

create policy "recommended_prompts: public rows for all" on public.recommended_prompts for select
  to anon, authenticated using (is_public or public.is_admin());
create policy "recommended_prompts: admins insert" on public.recommended_prompts for insert
  to authenticated with check (public.is_admin());
create policy "recommended_prompts: admins update" on public.recommended_prompts for update
  to authenticated using (public.is_admin()) with check (public.is_admin());
create policy "recommended_prompts: admins delete" on public.recommended_prompts for delete
  to authenticated using (public.is_admin());
