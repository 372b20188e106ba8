import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TRAINING_TEXTS } from '@/shared/core/trainingTexts.ts';
import { setVideoWatched } from '@/shared/data/training.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { unwrap } from '@/shared/ui/query.ts';
import { useUser } from '@/web/lib/sessionState.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { trainingQueries } from '@/web/queries/training.ts';

/** The published videos, the user's watched marks, and the toggle that changes one. */
export function useTraining() {
  const user = useUser();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const videos = useQuery(trainingQueries.published());
  // Only the marks: when they cannot be read, every video shows as not watched.
  const watched = useQuery({ ...trainingQueries.watched(user?.id ?? ''), enabled: Boolean(user) });
  const toggle = useMutation({
    mutationFn: async ({ videoId, watched: mark }: { videoId: string; watched: boolean }) =>
      unwrap(await setVideoWatched(supabase, user!.id, videoId, mark)),
    onSuccess: (_done, { videoId, watched: mark }) =>
      queryClient.setQueryData(trainingQueries.watched(user!.id).queryKey, (current) => {
        const next = new Set(current);
        if (mark) next.add(videoId);
        else next.delete(videoId);
        return next;
      }),
    onError: (error) => notify({ title: TRAINING_TEXTS.page.watchedError, description: error.message, variant: 'destructive' }),
  });
  return {
    videos,
    watchedIds: watched.data ?? new Set<string>(),
    setWatched: (videoId: string, mark: boolean) => toggle.mutate({ videoId, watched: mark }),
    saving: toggle.isPending ? toggle.variables.videoId : null,
  };
}
