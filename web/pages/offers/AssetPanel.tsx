import type { ReactNode } from 'react';
import { Alert, AlertTitle, Box, Button, CircularProgress, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import CopyIcon from '@mui/icons-material/ContentCopyOutlined';
import RefreshIcon from '@mui/icons-material/RefreshOutlined';
import RewriteIcon from '@mui/icons-material/EditNoteOutlined';
import GenerateIcon from '@mui/icons-material/AutoAwesomeOutlined';
import { assetStatus, type OfferAsset } from '@/shared/core/offers/offer.ts';
import { OFFER_TEXTS } from '@/shared/core/offers/texts.ts';
import { AssetContentView } from './AssetContentView.tsx';
import { DownloadMenu } from './DownloadMenu.tsx';
import type { OfferDownloadFormat } from './offerFiles.ts';
import type { AssetBusy } from './useAssetActions.ts';

export interface AssetPanelProps {
  asset: OfferAsset;
  busy: AssetBusy | undefined;
  /** Generate All, a whole-offer rewrite or a new framework is running: single actions wait. */
  locked: boolean;
  onGenerate: () => void;
  onNotes: (notes: string) => void;
  onRewrite: () => void;
  onCopy: () => void;
  onDownload: (format: OfferDownloadFormat) => void;
  /** Under a filled ad asset: its creatives (pictures made to go with the ad). */
  creatives?: ReactNode;
}

const named = (name: string) => (
  <Box component="span" sx={visuallyHidden}>
    {` ${name}`}
  </Box>
);

/**
 * One category's panel: loading 'Creating magic...', failed with Try Again (the message
 * and any earlier content kept), empty with its button, or the content with Regenerate, Rewrite,
 * Copy and Download. Notes can be written in every state.
 */
export function AssetPanel({ asset, busy, locked, onGenerate, onNotes, onRewrite, onCopy, onDownload, creatives }: AssetPanelProps) {
  const status = assetStatus(asset, busy === 'generating');
  const waiting = busy !== undefined || locked;
  return (
    <Stack spacing={2}>
      {status === 'generating' && (
        <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center', py: 2 }}>
          <CircularProgress size={22} aria-hidden />
          <Typography>{OFFER_TEXTS.loading}</Typography>
        </Stack>
      )}
      {status === 'failed' && (
        <>
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={onGenerate} disabled={waiting}>
                {OFFER_TEXTS.tryAgain}
                {named(asset.name)}
              </Button>
            }
          >
            <AlertTitle>{OFFER_TEXTS.failedTitle}</AlertTitle>
            {OFFER_TEXTS.failedText}
            {asset.error && (
              <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                {asset.error}
              </Typography>
            )}
          </Alert>
          {asset.content && (
            <Box>
              <Typography variant="overline" color="text.secondary">
                Previous version (kept)
              </Typography>
              <AssetContentView name={asset.name} content={asset.content} />
            </Box>
          )}
        </>
      )}
      {status === 'empty' && (
        <Box sx={{ py: 1 }}>
          <Typography color="text.secondary" sx={{ mb: 1.5 }}>
            {OFFER_TEXTS.emptyText}
          </Typography>
          <Button variant="contained" onClick={onGenerate} disabled={waiting} startIcon={<GenerateIcon />}>
            {OFFER_TEXTS.generateOne}
            {named(`: ${asset.name}`)}
          </Button>
        </Box>
      )}
      {status === 'filled' && asset.content && (
        <Box aria-busy={busy === 'rewriting'} data-testid="asset-content">
          {busy === 'rewriting' && <LinearProgress aria-label={`Rewriting ${asset.name}`} sx={{ mb: 1.5 }} />}
          <AssetContentView name={asset.name} content={asset.content} />
        </Box>
      )}
      <TextField
        label="Notes"
        value={asset.notes}
        onChange={(e) => onNotes(e.target.value)}
        placeholder={OFFER_TEXTS.notesPlaceholder}
        multiline
        minRows={2}
        maxRows={10}
        fullWidth
        size="small"
      />
      {status === 'filled' && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button variant="outlined" startIcon={<RefreshIcon />} onClick={onGenerate} disabled={waiting}>
            Regenerate{named(asset.name)}
          </Button>
          <Button variant="outlined" startIcon={<RewriteIcon />} onClick={onRewrite} disabled={waiting}>
            Rewrite{named(asset.name)}
          </Button>
          <Button variant="outlined" startIcon={<CopyIcon />} onClick={onCopy}>
            Copy{named(asset.name)}
          </Button>
          <DownloadMenu label="Download" hiddenLabel={asset.name} onDownload={onDownload} />
        </Stack>
      )}
      {status === 'filled' && creatives}
    </Stack>
  );
}
