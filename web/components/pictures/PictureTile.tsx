import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Card, CardActions, CardMedia, Skeleton, Typography } from '@mui/material';
import { PICTURE_TEXTS } from '@/shared/core/images/pictureTexts.ts';
import type { GeneratedImage } from '@/shared/data/generatedImages.ts';
import { pictureQueries } from '@/web/queries/pictures.ts';

/** The address a picture shows at: the one given, else asked for (undefined while asking; null: no file). */
export function usePictureUrl(image: Pick<GeneratedImage, 'path'> | null, given?: string | null): string | null | undefined {
  const asked = useQuery({ ...pictureQueries.url(image?.path ?? ''), enabled: Boolean(image) && given === undefined });
  if (!image) return null;
  return given !== undefined ? given : asked.data;
}

/** One picture as a card: the picture at its shape, its description as the alt text, and actions below. */
export function PictureTile({ image, url, children }: { image: GeneratedImage; url?: string | null; children?: ReactNode }) {
  const src = usePictureUrl(image, url);
  return (
    <Card variant="outlined" component="figure" sx={{ m: 0, display: 'flex', flexDirection: 'column' }} data-testid="picture-tile">
      <Box sx={{ aspectRatio: `${image.width} / ${image.height}`, bgcolor: 'action.hover' }}>
        {src === undefined ? (
          <Skeleton variant="rectangular" sx={{ width: '100%', height: '100%' }} />
        ) : src ? (
          <CardMedia component="img" src={src} alt={image.prompt} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
            {PICTURE_TEXTS.missingFile}
          </Typography>
        )}
      </Box>
      {children && <CardActions sx={{ flexWrap: 'wrap', gap: 0.5 }}>{children}</CardActions>}
    </Card>
  );
}
