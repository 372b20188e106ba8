import { queryOptions } from '@tanstack/react-query';
import { getMailStatus, getSchedulesStatus } from '@/shared/data/projectStatus.ts';
import { unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';

/** A project's setup changes rarely (a secret set, an extension enabled): read once per five minutes at most. */
const SETUP_STALE_MS = 5 * 60_000;

/** Whether the project has a mailer, and whether its scheduled workflows run. */
export const projectQueries = {
  mail: () =>
    queryOptions({
      queryKey: queryKeys.project.mail(),
      queryFn: async () => unwrap(await getMailStatus(supabase)),
      staleTime: SETUP_STALE_MS,
      retry: false,
    }),
  schedules: () =>
    queryOptions({
      queryKey: queryKeys.project.schedules(),
      queryFn: async () => unwrap(await getSchedulesStatus(supabase)),
      staleTime: SETUP_STALE_MS,
      retry: false,
    }),
};
