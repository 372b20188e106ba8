import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Stack, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import { PICTURE_TEXTS } from '@/shared/core/images/pictureTexts.ts';
import { adCreativePrompt, adCreativeShape } from '@/shared/core/offers/adCreative.ts';
import type { OfferAsset, OfferDraft } from '@/shared/core/offers/offer.ts';
import { PictureMakerDialog } from '@/web/components/pictures/PictureMakerDialog.tsx';
import { PictureTile } from '@/web/components/pictures/PictureTile.tsx';
import { pictureQueries } from '@/web/queries/pictures.ts';

/**
 * An ad asset's creatives: "Make ad creative" draws pictures to go with the ad's words (kept in
 * the gallery, linked to the offer) and the offer's creatives so far are shown under it, newest
 * first. The offer must be saved first: creatives are kept with the saved offer.
 */
export function AdCreatives({ offer, asset, userId }: { offer: OfferDraft; asset: OfferAsset; userId: string }) {
  const [making, setMaking] = useState(false);
  const offerId = offer.id;
  const creatives = useQuery({
    ...pictureQueries.list({ offerId: offerId ?? '', purpose: 'ad_creative' }),
    enabled: Boolean(offerId),
  });
  if (!offerId) {
    return (
      <Typography variant="body2" color="text.secondary">
        {PICTURE_TEXTS.adSaveFirst}
      </Typography>
    );
  }
  return (
    <Stack spacing={1.5} component="section" aria-label={PICTURE_TEXTS.adCreativesTitle(asset.name)}>
      <Button variant="outlined" startIcon={<AddPhotoIcon />} onClick={() => setMaking(true)} sx={{ alignSelf: 'flex-start' }}>
        {PICTURE_TEXTS.adMake}
        <Box component="span" sx={visuallyHidden}>
          {` for ${asset.name}`}
        </Box>
      </Button>
      {creatives.data && creatives.data.length > 0 && (
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}>
          {creatives.data.map((image) => (
            <PictureTile key={image.id} image={image} url={image.url} />
          ))}
        </Box>
      )}
      {making && (
        <PictureMakerDialog
          open
          onClose={() => setMaking(false)}
          userId={userId}
          target={{ purpose: 'ad_creative', offerId }}
          initial={{ prompt: adCreativePrompt(offer, asset), shape: adCreativeShape(asset.name) }}
        />
      )}
    </Stack>
  );
}
