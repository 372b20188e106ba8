import { Link as RouterLink } from 'react-router-dom';
import { Link } from '@mui/material';
import { ROUTES } from '@/shared/core/routes.ts';
import { RUN_VIEW_TEXTS } from '@/shared/core/workflows/runTexts.ts';
import type { StepPictureSetup } from '@/shared/ui/workflows/StepPicture.tsx';
import { webData } from '../run/runSide.ts';

/** Image steps' pictures on the dashboard's run pages: read with the signed-in client, linked to the gallery. */
export const RUN_PICTURES: StepPictureSetup = {
  client: webData,
  galleryLink: (
    <Link component={RouterLink} to={ROUTES.imageGallery} variant="body2">
      {RUN_VIEW_TEXTS.pictureInGallery}
    </Link>
  ),
};
