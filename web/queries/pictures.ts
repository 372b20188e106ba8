import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { PICTURE_TEXTS } from '@/shared/core/images/pictureTexts.ts';
import {
  deletePicture,
  getPicture,
  listPictures,
  pictureUrls,
  type GeneratedImage,
  type ImageFilter,
} from '@/shared/data/generatedImages.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';

/** A picture with the address it shows at (null: Storage gave none, the file is gone). */
export interface ShownPicture extends GeneratedImage {
  url: string | null;
}

/** Signed addresses last an hour; they are asked for again well before. */
const URL_LIFETIME_MS = 30 * 60 * 1000;

async function loadPictures(filter: ImageFilter): Promise<ShownPicture[]> {
  const images = unwrap(await listPictures(supabase, filter));
  const urls = unwrap(
    await pictureUrls(
      supabase,
      images.map((image) => image.path),
    ),
  );
  return images.map((image) => ({ ...image, url: urls[image.path] ?? null }));
}

export const pictureQueries = {
  /** The address one picture shows at. */
  url: (path: string) =>
    queryOptions({
      queryKey: queryKeys.pictures.url(path),
      queryFn: async () => unwrap(await pictureUrls(supabase, [path]))[path] ?? null,
      staleTime: URL_LIFETIME_MS,
    }),
  /** One picture by its id (an offer's hero); null once it is deleted. */
  one: (id: string) =>
    queryOptions({
      queryKey: queryKeys.pictures.one(id),
      queryFn: async (): Promise<GeneratedImage | null> => unwrap(await getPicture(supabase, id)),
      staleTime: URL_LIFETIME_MS,
    }),
  list: (filter: ImageFilter = {}) =>
    queryOptions({
      queryKey: queryKeys.pictures.list(JSON.stringify(filter)),
      queryFn: () => loadPictures(filter),
      staleTime: URL_LIFETIME_MS,
    }),
};

/** Deletes a picture (row and file); every picture list is read again. */
export function useDeletePictureMutation() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async (image: GeneratedImage) => unwrap(await deletePicture(supabase, image)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.pictures.all });
      notify({ title: PICTURE_TEXTS.deleted });
    },
    onError: (error) => notify({ title: PICTURE_TEXTS.deleteFailed, description: error.message, variant: 'destructive' }),
  });
}
