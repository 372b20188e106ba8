import { queryOptions } from '@tanstack/react-query';
import { listTrainingVideos, listWatchedVideos } from '@/shared/data/training.ts';
import { unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';

/** The Training Hub: the published videos, the user's watched marks, and the admin tab's whole catalogue (drafts included). */
export const trainingQueries = {
  published: () =>
    queryOptions({
      queryKey: queryKeys.training.published(),
      queryFn: async () => unwrap(await listTrainingVideos(supabase, { publishedOnly: true })),
    }),
  watched: (userId: string) =>
    queryOptions({
      queryKey: queryKeys.training.watched(),
      queryFn: async (): Promise<Set<string>> => new Set(unwrap(await listWatchedVideos(supabase, userId))),
    }),
  catalogue: () =>
    queryOptions({
      queryKey: queryKeys.training.catalogue(),
      queryFn: async () => unwrap(await listTrainingVideos(supabase, { publishedOnly: false })),
    }),
};
