import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Skeleton, Stack, Typography } from '@mui/material';
import { RUN_VIEW_TEXTS } from '../../core/workflows/runTexts.ts';
import type { AppClient } from '../../data/supabase.ts';
import { workflowQueries } from '../queries/workflows.ts';

/** Where a run's pictures are read from, and the way to the gallery (a route on the dashboard, the dashboard from the panel). */
export interface StepPictureSetup {
  client: () => Promise<AppClient>;
  galleryLink: ReactNode;
}

/** An image step's picture at its own shape, its description as the alt text, with the way to the gallery. */
export function StepPicture({ imageId, setup }: { imageId: string; setup: StepPictureSetup }) {
  const shown = useQuery(workflowQueries.stepPicture(setup.client, imageId));
  const image = shown.data;
  return (
    <Box component="figure" sx={{ m: 0, mb: 1 }} data-testid="workflow-step-picture">
      {shown.isPending ? (
        <Skeleton
          variant="rectangular"
          sx={{ width: '100%', maxWidth: 480, aspectRatio: '1 / 1' }}
          aria-label={RUN_VIEW_TEXTS.pictureLoading}
        />
      ) : !image ? (
        <Typography variant="body2" color="text.secondary">
          {shown.error ? shown.error.message : RUN_VIEW_TEXTS.pictureGone}
        </Typography>
      ) : image.url ? (
        <Box
          component="img"
          src={image.url}
          alt={image.prompt}
          width={image.width}
          height={image.height}
          sx={{
            display: 'block',
            width: '100%',
            maxWidth: 480,
            height: 'auto',
            aspectRatio: `${image.width} / ${image.height}`,
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
          }}
        />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {RUN_VIEW_TEXTS.pictureMissingFile}
        </Typography>
      )}
      <Stack component="figcaption" direction="row" sx={{ mt: 0.5, alignItems: 'center' }}>
        {setup.galleryLink}
      </Stack>
    </Box>
  );
}
