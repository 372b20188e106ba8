import { useQuery } from '@tanstack/react-query';
import { useUser } from '@/web/lib/sessionState.ts';
import { trainingQueries, useWatchedMutation } from '@/web/queries/training.ts';

/** The published videos, the user's watched marks, and the toggle that changes one. */
export function useTraining() {
  const user = useUser();
  const videos = useQuery(trainingQueries.published());
  // Only the marks: when they cannot be read, every video shows as not watched.
  const watched = useQuery({ ...trainingQueries.watched(user?.id ?? ''), enabled: Boolean(user) });
  const toggle = useWatchedMutation(user?.id ?? '');
  return {
    videos,
    watchedIds: watched.data ?? new Set<string>(),
    setWatched: (videoId: string, mark: boolean) => toggle.mutate({ videoId, watched: mark }),
    saving: toggle.isPending ? toggle.variables.videoId : null,
  };
}
