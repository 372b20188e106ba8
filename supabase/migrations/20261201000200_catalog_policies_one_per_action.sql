-- The free prompt catalogues had a "read for all" select policy and an "admins write" policy `for
-- all`, so a signed-in user's every read ran two permissive select policies (the admin check for
-- each row as well). Admins' writes now get one policy per action; reads keep "read for all" alone.
-- Same access as before: everyone reads, only admins add, change and remove.

drop policy "free_prompt_categories: admins write" on public.free_prompt_categories;
create policy "free_prompt_categories: admins add" on public.free_prompt_categories for insert
  to authenticated with check ((select public.is_admin()));
create policy "free_prompt_categories: admins change" on public.free_prompt_categories for update
  to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "free_prompt_categories: admins remove" on public.free_prompt_categories for delete
  to authenticated using ((select public.is_admin()));

drop policy "free_prompts: admins write" on public.free_prompts;
create policy "free_prompts: admins add" on public.free_prompts for insert
  to authenticated with check ((select public.is_admin()));
create policy "free_prompts: admins change" on public.free_prompts for update
  to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "free_prompts: admins remove" on public.free_prompts for delete
  to authenticated using ((select public.is_admin()));
