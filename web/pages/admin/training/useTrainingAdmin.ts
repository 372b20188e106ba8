import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TrainingVideoInput } from '@/shared/core/training.ts';
import { TRAINING_TEXTS } from '@/shared/core/trainingTexts.ts';
import {
  createTrainingVideo,
  deleteTrainingVideo,
  moveTrainingVideo,
  updateTrainingVideo,
  type TrainingVideo,
} from '@/shared/data/training.ts';
import type { DataResult } from '@/shared/data/result.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { trainingQueries } from '@/web/queries/training.ts';

const T = TRAINING_TEXTS.admin;

/** The admin tab's catalogue (drafts included) and its changes; each change reads the catalogue again. */
export function useTrainingAdmin(reloadKey: number) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const catalogue = useQuery(trainingQueries.catalogue());

  // Data replaced elsewhere on the screen (a restore): read again.
  useEffect(() => {
    if (reloadKey) void queryClient.invalidateQueries({ queryKey: queryKeys.training.all });
  }, [reloadKey, queryClient]);

  /** Runs one change; on failure a notice with `errorTitle`. Resolves whether it worked. */
  const run = async <T>(change: () => Promise<DataResult<T>>, errorTitle: string, success?: { title: string; description: string }) => {
    setBusy(true);
    const result = await change();
    setBusy(false);
    // The user's page and the tab both show the catalogue.
    await queryClient.invalidateQueries({ queryKey: queryKeys.training.all });
    if (result.error) {
      notify({ title: errorTitle, description: result.error.message, variant: 'destructive' });
      return false;
    }
    if (success) notify(success);
    return true;
  };

  return {
    catalogue,
    busy,
    save: (video: TrainingVideo | null, input: TrainingVideoInput) =>
      run(() => (video ? updateTrainingVideo(supabase, video.id, input) : createTrainingVideo(supabase, input)), T.saveError, {
        title: T.saved,
        description: `“${input.title}” was saved.`,
      }),
    setPublished: (video: TrainingVideo, published: boolean) =>
      run(() => updateTrainingVideo(supabase, video.id, { published }), T.saveError, {
        title: T.saved,
        description: `“${video.title}” is ${published ? 'published' : 'a draft again'}.`,
      }),
    move: (video: TrainingVideo, direction: 'up' | 'down') => run(() => moveTrainingVideo(supabase, video.id, direction), T.moveError),
    remove: (video: TrainingVideo) =>
      run(() => deleteTrainingVideo(supabase, video.id), T.removeError, { title: T.removed, description: `“${video.title}” was removed.` }),
  };
}
