import { Link as RouterLink } from 'react-router-dom';
import { Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import CopyIcon from '@mui/icons-material/ContentCopyOutlined';
import OrganizeIcon from '@mui/icons-material/AccountTreeOutlined';
import RefreshIcon from '@mui/icons-material/RefreshOutlined';
import RewriteIcon from '@mui/icons-material/EditNoteOutlined';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import SlideshowIcon from '@mui/icons-material/SlideshowOutlined';
import { OFFER_TEXTS } from '@/shared/core/offers/texts.ts';
import { PITCH_DECK_TEXTS } from '@/shared/core/pitchDeck/texts.ts';
import { DownloadMenu } from './DownloadMenu.tsx';
import type { OfferDownloadFormat } from './offerFiles.ts';
import type { Activity } from './useOfferBuilder.ts';

/** The whole-offer actions (the footer): save, organize, regenerate, rewrite, copy, download. */
export function OfferFooter(props: {
  activity: Activity | null;
  saving: boolean;
  /** Some single category is generating or being rewritten. */
  assetsBusy: boolean;
  onSave: () => void;
  onOrganize: () => void;
  onRegenerate: () => void;
  onRewrite: () => void;
  onCopy: () => void;
  onDownload: (format: OfferDownloadFormat) => void;
  /** "Make a pitch deck" from the saved offer (null until it is saved). */
  pitchDeckTo: string | null;
}) {
  const { activity } = props;
  const busy = activity !== null;
  return (
    <Card component="section" aria-labelledby="offer-footer-title">
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Typography id="offer-footer-title" variant="h6" component="h2" gutterBottom>
          Entire offer
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ flexWrap: 'wrap', gap: 1.5, '& > *': { justifyContent: { xs: 'flex-start', sm: 'center' } } }}
        >
          <Button
            variant="contained"
            onClick={props.onSave}
            disabled={props.saving}
            startIcon={props.saving ? <CircularProgress size={16} color="inherit" aria-hidden /> : <SaveIcon />}
          >
            {props.saving ? 'Saving…' : 'Save Complete Offer'}
          </Button>
          <Button
            variant="outlined"
            onClick={props.onOrganize}
            disabled={busy}
            startIcon={activity === 'organize' ? <CircularProgress size={16} color="inherit" aria-hidden /> : <OrganizeIcon />}
          >
            {activity === 'organize' ? 'Organizing…' : 'Organize'}
          </Button>
          <Button
            variant="outlined"
            onClick={props.onRegenerate}
            disabled={busy || props.assetsBusy}
            startIcon={activity === 'framework' ? <CircularProgress size={16} color="inherit" aria-hidden /> : <RefreshIcon />}
          >
            {activity === 'framework' ? 'Regenerating…' : 'Regenerate Entire Offer/Framework'}
          </Button>
          <Button variant="outlined" onClick={props.onRewrite} disabled={busy || props.assetsBusy} startIcon={<RewriteIcon />}>
            Rewrite Entire Offer/Framework
          </Button>
          <Button variant="outlined" onClick={props.onCopy} startIcon={<CopyIcon />}>
            Copy Entire Offer/Framework
          </Button>
          <DownloadMenu label="Download Entire Offer/Framework" onDownload={props.onDownload} />
          {props.pitchDeckTo && (
            <Button variant="outlined" component={RouterLink} to={props.pitchDeckTo} startIcon={<SlideshowIcon />}>
              {PITCH_DECK_TEXTS.makeDeck}
            </Button>
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {OFFER_TEXTS.footerHint}
        </Typography>
      </CardContent>
    </Card>
  );
}
