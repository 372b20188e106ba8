import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TrainingVideoInput } from '@/shared/core/training.ts';
import { TRAINING_TEXTS } from '@/shared/core/trainingTexts.ts';
import type { DataResult } from '@/shared/data/result.ts';
import {
  createTrainingVideo,
  deleteTrainingVideo,
  listTrainingVideos,
  listWatchedVideos,
  moveTrainingVideo,
  setVideoWatched,
  updateTrainingVideo,
  type TrainingVideo,
} from '@/shared/data/training.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
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

/** Marks a video watched or not for the user; the cached marks follow (no second read). */
export function useWatchedMutation(userId: string) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async ({ videoId, watched }: { videoId: string; watched: boolean }) =>
      unwrap(await setVideoWatched(supabase, userId, videoId, watched)),
    onSuccess: (_done, { videoId, watched }) =>
      queryClient.setQueryData(trainingQueries.watched(userId).queryKey, (current) => {
        const next = new Set(current);
        if (watched) next.add(videoId);
        else next.delete(videoId);
        return next;
      }),
    onError: (error) => notify({ title: TRAINING_TEXTS.page.watchedError, description: error.message, variant: 'destructive' }),
  });
}

/** One change the admin tab makes to the catalogue. */
export type CatalogueChange =
  | { kind: 'save'; video: TrainingVideo | null; input: TrainingVideoInput }
  | { kind: 'publish'; video: TrainingVideo; published: boolean }
  | { kind: 'move'; video: TrainingVideo; direction: 'up' | 'down' }
  | { kind: 'remove'; video: TrainingVideo };

const T = TRAINING_TEXTS.admin;

function writeChange(change: CatalogueChange): Promise<DataResult<unknown>> {
  switch (change.kind) {
    case 'save':
      return change.video ? updateTrainingVideo(supabase, change.video.id, change.input) : createTrainingVideo(supabase, change.input);
    case 'publish':
      return updateTrainingVideo(supabase, change.video.id, { published: change.published });
    case 'move':
      return moveTrainingVideo(supabase, change.video.id, change.direction);
    case 'remove':
      return deleteTrainingVideo(supabase, change.video.id);
  }
}

const errorTitle = (change: CatalogueChange) =>
  change.kind === 'move' ? T.moveError : change.kind === 'remove' ? T.removeError : T.saveError;

function successNotice(change: CatalogueChange): { title: string; description: string } | null {
  switch (change.kind) {
    case 'save':
      return { title: T.saved, description: `“${change.input.title}” was saved.` };
    case 'publish':
      return { title: T.saved, description: `“${change.video.title}” is ${change.published ? 'published' : 'a draft again'}.` };
    case 'move':
      return null;
    case 'remove':
      return { title: T.removed, description: `“${change.video.title}” was removed.` };
  }
}

/** A change to the catalogue; whether it worked or not, the catalogue is read again before its notice. */
export function useCatalogueMutation() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async (change: CatalogueChange) => {
      const result = await writeChange(change);
      // The user's page and the tab both show the catalogue.
      await queryClient.invalidateQueries({ queryKey: queryKeys.training.all });
      return unwrap(result);
    },
    onSuccess: (_done, change) => {
      const notice = successNotice(change);
      if (notice) notify(notice);
    },
    onError: (error, change) => notify({ title: errorTitle(change), description: error.message, variant: 'destructive' }),
  });
}
