import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import GalleryIcon from '@mui/icons-material/PhotoLibraryOutlined';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import { PICTURE_TEXTS } from '@/shared/core/images/pictureTexts.ts';
import { heroImagePrompt } from '@/shared/core/offers/hero.ts';
import type { OfferDraft } from '@/shared/core/offers/offer.ts';
import type { GeneratedImage } from '@/shared/data/generatedImages.ts';
import { ChoosePictureDialog } from '@/web/components/pictures/ChoosePictureDialog.tsx';
import { PictureMakerDialog } from '@/web/components/pictures/PictureMakerDialog.tsx';
import { usePictureUrl } from '@/web/components/pictures/PictureTile.tsx';
import { useSetOfferHeroMutation } from '@/web/queries/offers.ts';
import { pictureQueries } from '@/web/queries/pictures.ts';

/** The hero's frame: landscape, the shape the maker starts with, until a picture gives its own. */
const EMPTY_RATIO = '3 / 2';

/** The picture itself, or what stands in for it: loading, none yet, or a file that is gone. */
function HeroPicture({ image, pending, alt }: { image: GeneratedImage | null; pending: boolean; alt: string }) {
  const src = usePictureUrl(image);
  const frame = {
    width: { xs: '100%', md: 360 },
    flexShrink: 0,
    aspectRatio: image ? `${image.width} / ${image.height}` : EMPTY_RATIO,
    borderRadius: 2,
    overflow: 'hidden',
    border: 1,
    borderColor: 'divider',
    bgcolor: 'action.hover',
  };
  if (pending || (image && src === undefined)) {
    return (
      <Box sx={frame} aria-busy="true">
        <Skeleton variant="rectangular" sx={{ width: '100%', height: '100%' }} />
      </Box>
    );
  }
  if (image && src) {
    return (
      <Box sx={frame}>
        <Box component="img" src={src} alt={alt} sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
      </Box>
    );
  }
  return (
    <Stack sx={{ ...frame, alignItems: 'center', justifyContent: 'center', color: 'text.secondary', gap: 1, p: 2, textAlign: 'center' }}>
      <ImageIcon sx={{ fontSize: 40 }} aria-hidden />
      <Typography variant="body2">{image ? PICTURE_TEXTS.missingFile : PICTURE_TEXTS.heroNone}</Typography>
    </Stack>
  );
}

/**
 * The offer's hero image: the picture, and Make (the picture maker, starting from the offer's own
 * description), Choose from gallery and Remove. It is kept on the saved offer's row, so an offer
 * not saved yet says so instead of offering the buttons.
 */
export function HeroCard({
  offer,
  userId,
  onHeroChange,
}: {
  offer: OfferDraft;
  userId: string;
  /** The row now has this hero (null: none): the working copy follows. */
  onHeroChange: (offerId: string, imageId: string | null) => void;
}) {
  const [dialog, setDialog] = useState<'make' | 'choose' | null>(null);
  const hero = useQuery({ ...pictureQueries.one(offer.heroImageId ?? ''), enabled: offer.heroImageId !== null });
  const setHero = useSetOfferHeroMutation();
  const image = offer.heroImageId ? (hero.data ?? null) : null;
  const offerId = offer.id;

  // A hero deleted from the gallery is gone from the row too (on delete set null): the working copy follows.
  const gone = offer.heroImageId !== null && hero.isSuccess && hero.data === null;
  useEffect(() => {
    if (gone && offerId) onHeroChange(offerId, null);
  }, [gone, offerId, onHeroChange]);

  const choose = (picture: (GeneratedImage & { url?: string | null }) | null) => {
    if (!offerId) return;
    setHero.mutate({ offerId, image: picture }, { onSuccess: () => onHeroChange(offerId, picture?.id ?? null) });
    setDialog(null);
  };

  return (
    <Card component="section" aria-labelledby="offer-hero-title">
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: { md: 'flex-start' } }}>
          <HeroPicture
            image={image}
            pending={offer.heroImageId !== null && hero.isPending}
            alt={PICTURE_TEXTS.heroAlt(offer.framework.title)}
          />
          <Box sx={{ minWidth: 0 }}>
            <Typography id="offer-hero-title" variant="h6" component="h2" gutterBottom>
              {PICTURE_TEXTS.heroTitle}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {PICTURE_TEXTS.heroHelp}
            </Typography>
            {offerId ? (
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ flexWrap: 'wrap', gap: 1.5 }}>
                <Button variant="contained" onClick={() => setDialog('make')} disabled={setHero.isPending} startIcon={<AddPhotoIcon />}>
                  {offer.heroImageId ? PICTURE_TEXTS.heroChange : PICTURE_TEXTS.heroMake}
                </Button>
                <Button variant="outlined" onClick={() => setDialog('choose')} disabled={setHero.isPending} startIcon={<GalleryIcon />}>
                  {PICTURE_TEXTS.heroChoose}
                </Button>
                {offer.heroImageId && (
                  <Button color="error" onClick={() => choose(null)} disabled={setHero.isPending} startIcon={<DeleteIcon />}>
                    {PICTURE_TEXTS.heroRemove}
                  </Button>
                )}
              </Stack>
            ) : (
              <Alert severity="info">{PICTURE_TEXTS.saveOfferFirst}</Alert>
            )}
          </Box>
        </Stack>
      </CardContent>
      {offerId && dialog === 'make' && (
        <PictureMakerDialog
          open
          onClose={() => setDialog(null)}
          userId={userId}
          target={{ purpose: 'offer_hero', offerId }}
          initial={{ prompt: heroImagePrompt(offer), shape: 'landscape' }}
          onUse={choose}
        />
      )}
      <ChoosePictureDialog open={dialog === 'choose'} onClose={() => setDialog(null)} onChoose={choose} chosenId={offer.heroImageId} />
    </Card>
  );
}
