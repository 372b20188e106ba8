import { useState } from 'react';
import { Button } from '@mui/material';
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import { PICTURE_TEXTS } from '@/shared/core/images/pictureTexts.ts';
import { PictureMakerDialog } from '@/web/components/pictures/PictureMakerDialog.tsx';

/** The longest answer that goes into the picture maker's description as it is (the user edits it there). */
const DESCRIPTION_MAX = 4000;

/**
 * "Make a picture from this answer" under a finished run: the answer (an image prompt, an ad's
 * concept, a scene) becomes the picture maker's description; the picture is kept in the gallery.
 */
export function RunPicture({ userId, answer }: { userId: string; answer: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<AddPhotoIcon />} onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start' }}>
        {PICTURE_TEXTS.fromAnswer}
      </Button>
      {open && (
        <PictureMakerDialog
          open
          onClose={() => setOpen(false)}
          userId={userId}
          target={{ purpose: 'run' }}
          initial={{ prompt: answer.trim().slice(0, DESCRIPTION_MAX), shape: 'square' }}
        />
      )}
    </>
  );
}
