-- Accounts are deleted through Supabase Auth (the admin-users function), which removes the
-- sign-in account and, by cascade, its profile. Deleting only the profile over REST would leave a
-- sign-in account without a profile behind, so that path is closed.
drop policy "profiles: delete managed" on public.profiles;
