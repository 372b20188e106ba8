import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TrainingVideoInput } from '@/shared/core/training.ts';
import type { TrainingVideo } from '@/shared/data/training.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { trainingQueries, useCatalogueMutation, type CatalogueChange } from '@/web/queries/training.ts';

/** The admin tab's catalogue (drafts included) and its changes; each change reads the catalogue again. */
export function useTrainingAdmin(reloadKey: number) {
  const queryClient = useQueryClient();
  const catalogue = useQuery(trainingQueries.catalogue());
  const { mutateAsync, isPending } = useCatalogueMutation();

  // Data replaced elsewhere on the screen (a restore): read again.
  useEffect(() => {
    if (reloadKey) void queryClient.invalidateQueries({ queryKey: queryKeys.training.all });
  }, [reloadKey, queryClient]);

  /** Runs one change (its notice says how it went); resolves whether it worked. */
  const run = (change: CatalogueChange) =>
    mutateAsync(change).then(
      () => true,
      () => false,
    );

  return {
    catalogue,
    busy: isPending,
    save: (video: TrainingVideo | null, input: TrainingVideoInput) => run({ kind: 'save', video, input }),
    setPublished: (video: TrainingVideo, published: boolean) => run({ kind: 'publish', video, published }),
    move: (video: TrainingVideo, direction: 'up' | 'down') => run({ kind: 'move', video, direction }),
    remove: (video: TrainingVideo) => run({ kind: 'remove', video }),
  };
}
