import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Container, Skeleton, Typography } from '@mui/material';
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import { PICTURE_EXTENSIONS } from '@/shared/core/images/pictureFile.ts';
import { PICTURE_TEXTS } from '@/shared/core/images/pictureTexts.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { downloadPicture } from '@/shared/data/generatedImages.ts';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';
import { downloadFile } from '@/shared/ui/download.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { relativeTime } from '@/shared/ui/time.ts';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { PictureMakerDialog } from '@/web/components/pictures/PictureMakerDialog.tsx';
import { PictureTile } from '@/web/components/pictures/PictureTile.tsx';
import { useUser } from '@/web/lib/sessionState.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { pictureQueries, useDeletePictureMutation, type ShownPicture } from '@/web/queries/pictures.ts';

/** The gallery under Documents: every picture the user made, newest first, to download or delete, and a way to make more. */
export function ImageGalleryPage() {
  const user = useUser();
  const notify = useNotify();
  const pictures = useQuery(pictureQueries.list());
  const remove = useDeletePictureMutation();
  const [making, setMaking] = useState(false);
  const [deleting, setDeleting] = useState<ShownPicture | null>(null);

  const download = async (image: ShownPicture) => {
    const bytes = await downloadPicture(supabase, image.path);
    if (bytes.error) notify({ title: PICTURE_TEXTS.missingFile, description: bytes.error.message, variant: 'destructive' });
    else
      downloadFile(
        new Blob([bytes.data as BlobPart], { type: image.mimeType }),
        `picture-${image.id.slice(0, 8)}.${PICTURE_EXTENSIONS[image.mimeType]}`,
        image.mimeType,
      );
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Button component={RouterLink} to={ROUTES.documentGenerator} size="small" sx={{ mb: 1 }}>
        ← Documents
      </Button>
      <PageHeader
        title={PICTURE_TEXTS.galleryTitle}
        subtitle={PICTURE_TEXTS.gallerySubtitle}
        actions={
          <Button variant="contained" startIcon={<AddPhotoIcon />} onClick={() => setMaking(true)} disabled={!user}>
            {PICTURE_TEXTS.makerTitle}
          </Button>
        }
      />
      {pictures.isPending ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }} aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={200} />
          ))}
        </Box>
      ) : pictures.isError ? (
        <Alert severity="error">{pictures.error.message}</Alert>
      ) : pictures.data.length === 0 ? (
        <Typography color="text.secondary">{PICTURE_TEXTS.galleryEmpty}</Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Pictures"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}
        >
          {pictures.data.map((image) => (
            <li key={image.id}>
              <PictureTile image={image} url={image.url}>
                <Box component="figcaption" sx={{ width: '100%', px: 0.5 }}>
                  <Typography
                    variant="body2"
                    title={image.prompt}
                    sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
                  >
                    {image.prompt}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {PICTURE_TEXTS.madeWith(image.model, relativeTime(image.createdAt))}
                  </Typography>
                </Box>
                <Button size="small" startIcon={<DownloadIcon />} onClick={() => void download(image)}>
                  {PICTURE_TEXTS.download}
                </Button>
                <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => setDeleting(image)}>
                  {PICTURE_TEXTS.delete}
                </Button>
              </PictureTile>
            </li>
          ))}
        </Box>
      )}
      {user && making && (
        <PictureMakerDialog
          open
          onClose={() => setMaking(false)}
          userId={user.id}
          target={{ purpose: 'gallery' }}
          initial={{ shape: 'square' }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={PICTURE_TEXTS.deleteTitle}
        confirmLabel={PICTURE_TEXTS.delete}
        destructive
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
          setDeleting(null);
        }}
      >
        {PICTURE_TEXTS.deleteBody}
      </ConfirmDialog>
    </Container>
  );
}
