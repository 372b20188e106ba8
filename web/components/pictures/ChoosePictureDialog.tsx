import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Skeleton, Typography } from '@mui/material';
import { PICTURE_TEXTS } from '@/shared/core/images/pictureTexts.ts';
import { pictureQueries, type ShownPicture } from '@/web/queries/pictures.ts';
import { PictureTile } from './PictureTile.tsx';

const GRID = { display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))' } as const;

/**
 * Picks one of the user's pictures from the gallery (an offer's hero, a slide's picture): every
 * picture, newest first, each with "Use this picture"; the one already in use is marked.
 */
export function ChoosePictureDialog({
  open,
  onClose,
  onChoose,
  chosenId = null,
}: {
  open: boolean;
  onClose: () => void;
  onChoose: (image: ShownPicture) => void;
  chosenId?: string | null;
}) {
  const pictures = useQuery({ ...pictureQueries.list(), enabled: open });
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="choose-picture-title">
      <DialogTitle id="choose-picture-title">{PICTURE_TEXTS.chooseTitle}</DialogTitle>
      <DialogContent>
        {pictures.isPending ? (
          <Box sx={GRID} aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" sx={{ aspectRatio: '3 / 2', height: 'auto' }} />
            ))}
          </Box>
        ) : pictures.isError ? (
          <Alert severity="error">{pictures.error.message}</Alert>
        ) : pictures.data.length === 0 ? (
          <Typography color="text.secondary">{PICTURE_TEXTS.chooseEmpty}</Typography>
        ) : (
          <Box component="ul" aria-label={PICTURE_TEXTS.galleryTitle} sx={{ ...GRID, listStyle: 'none', p: 0, m: 0 }}>
            {pictures.data.map((image) => (
              <li key={image.id}>
                <PictureTile image={image} url={image.url}>
                  <Button
                    size="small"
                    variant={image.id === chosenId ? 'text' : 'contained'}
                    disabled={image.id === chosenId || !image.url}
                    onClick={() => onChoose(image)}
                  >
                    {image.id === chosenId ? PICTURE_TEXTS.chosen : PICTURE_TEXTS.use}
                  </Button>
                </PictureTile>
              </li>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{PICTURE_TEXTS.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
