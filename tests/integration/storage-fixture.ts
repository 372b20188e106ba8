import { signJwt } from '@/supabase/local/jwt.ts';
import type { UntypedTestStack } from '../helpers/stack.ts';

export const USER_A = '00000000-0000-4000-8000-0000000000a1';
export const USER_B = '00000000-0000-4000-8000-0000000000b2';

/** An access token as GoTrue would issue it for the user (storage only reads the claims). */
export async function tokenFor(stack: UntypedTestStack, sub: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return signJwt({ sub, role: 'authenticated', aud: 'authenticated', exp: now + 3600, iat: now }, stack.config.jwtSecret);
}

/** Policies as a migration would write them: each user owns the folder named after their id in "private". */
export const FOLDER_POLICIES = `
  create policy "own folder read" on storage.objects for select to authenticated
    using (bucket_id = 'private' and (storage.foldername(name))[1] = (select auth.uid())::text);
  create policy "own folder write" on storage.objects for insert to authenticated
    with check (bucket_id = 'private' and (storage.foldername(name))[1] = (select auth.uid())::text);
  create policy "own folder update" on storage.objects for update to authenticated
    using (bucket_id = 'private' and (storage.foldername(name))[1] = (select auth.uid())::text);
  create policy "own folder delete" on storage.objects for delete to authenticated
    using (bucket_id = 'private' and (storage.foldername(name))[1] = (select auth.uid())::text);
  create policy "drop only" on storage.objects for insert to authenticated with check (bucket_id = 'dropbox');
  insert into storage.buckets (id, name, public) values ('private', 'private', false), ('pics', 'pics', true), ('dropbox', 'dropbox', false);
`;

export const text = (body: string, type = 'text/plain') => new Blob([body], { type });
