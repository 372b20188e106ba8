import { isAdAsset } from '@/shared/core/offers/adCreative.ts';
import { useUser } from '@/web/lib/sessionState.ts';
import { AdCreatives } from './AdCreatives.tsx';
import { useMemo, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import GenerateAllIcon from '@mui/icons-material/AutoAwesomeMotionOutlined';
import NotesIcon from '@mui/icons-material/StickyNote2Outlined';
import { GENERAL_NOTES } from '@/shared/core/offers/categories.ts';
import { isGenerated, moveAsset, updateAsset, type OfferAsset, type OfferDraft } from '@/shared/core/offers/offer.ts';
import { OFFER_TEXTS } from '@/shared/core/offers/texts.ts';
import { BudgetWarnings } from '@/shared/ui/usage/BudgetWarnings.tsx';
import { JobEstimateLine, useEstimateConfirm } from '@/shared/ui/usage/EstimateConfirm.tsx';
import { webData } from '../run/runSide.ts';
import { AssetList } from './AssetList.tsx';
import { AssetPanel } from './AssetPanel.tsx';
import { AccordionRow, AssetRow, rowId } from './AssetRow.tsx';
import type { OfferDownloadFormat } from './offerFiles.ts';
import { generateAllJob } from './offerEstimate.ts';
import type { OfferBuilder } from './useOfferBuilder.ts';

export interface AssetHandlers {
  onRewrite: (asset: OfferAsset) => void;
  onCopy: (asset: OfferAsset) => void;
  onDownload: (asset: OfferAsset, format: OfferDownloadFormat) => void;
}

/**
 * The framework card: the title and hint, Generate All with its progress, the Organize
 * result to undo, and the multi-open accordion of categories ending with 'General Notes'.
 */
export function FrameworkCard({ builder, offer, handlers }: { builder: OfferBuilder; offer: OfferDraft; handlers: AssetHandlers }) {
  const { assets: actions, activity } = builder;
  const user = useUser();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (name: string) =>
    setExpanded((now) => {
      const next = new Set(now);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });
  const generateAllRunning = activity === 'generateAll';
  const locked = activity === 'generateAll' || activity === 'rewriteAll' || activity === 'framework';
  const generated = offer.assets.filter(isGenerated).length;
  const progress = actions.progress;
  // Generate All says what it will cost first when that is above the user's threshold.
  const { confirmJob, dialog } = useEstimateConfirm(webData);
  const { provider, model } = builder.choice;
  const context = builder.knowledge.context;
  const allJob = useMemo(() => generateAllJob(offer, { provider, model }, context), [offer, provider, model, context]);
  const startAll = async () => {
    if (await confirmJob(allJob)) void actions.generateAll();
  };

  return (
    <Card component="section" aria-labelledby="offer-framework-title">
      <CardContent sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id="offer-framework-title" variant="h6" component="h2">
          {offer.framework.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {OFFER_TEXTS.frameworkHint}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
          <Button
            variant="contained"
            size="large"
            onClick={() => void startAll()}
            disabled={activity !== null || actions.busy.size > 0}
            startIcon={generateAllRunning ? <CircularProgress size={18} color="inherit" aria-hidden /> : <GenerateAllIcon />}
          >
            {generateAllRunning ? OFFER_TEXTS.processing : OFFER_TEXTS.generateAll}
          </Button>
          <Typography variant="body2" color="text.secondary" data-testid="generated-count">
            {generated} of {offer.assets.length} categories generated
          </Typography>
        </Stack>
        <Stack spacing={1} sx={{ mb: 2, '&:empty': { display: 'none' } }}>
          {activity === null && <JobEstimateLine client={webData} job={allJob} />}
          <BudgetWarnings client={webData} provider={provider} />
        </Stack>
        {dialog}
        {generateAllRunning && progress && (
          <Box sx={{ mb: 2 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 0.5 }}>
              <Typography variant="body2" role="status" data-testid="generate-all-progress">
                {progress.done} of {progress.total} done
              </Typography>
              <Button size="small" color="inherit" onClick={actions.stopAll}>
                Stop
              </Button>
            </Stack>
            <LinearProgress variant="determinate" value={(progress.done / progress.total) * 100} aria-label="Generate All progress" />
          </Box>
        )}
        {actions.organized && (
          <Alert
            severity="success"
            sx={{ mb: 2 }}
            action={
              <Stack direction="row" spacing={0.5}>
                <Button color="inherit" size="small" onClick={actions.undoOrganize}>
                  Undo
                </Button>
                <Button color="inherit" size="small" onClick={actions.dismissOrganized}>
                  Keep
                </Button>
              </Stack>
            }
          >
            Arranged as a launch sequence: {actions.organized.plan.phases.map((p) => p.name).join(' → ')}.
          </Alert>
        )}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
          Drag a category by its handle to reorder, or focus the handle, press Space, then use the arrow keys.
        </Typography>
        <AssetList
          assets={offer.assets}
          onMove={(from, to) => builder.changeOffer((o) => moveAsset(o, from, to))}
          renderRow={(asset) => {
            const busy = actions.busy.get(asset.name);
            return (
              <AssetRow
                key={asset.name}
                asset={asset}
                busy={busy !== undefined}
                expanded={expanded.has(asset.name)}
                onToggle={() => toggle(asset.name)}
                dragDisabled={false}
              >
                <AssetPanel
                  asset={asset}
                  busy={busy}
                  locked={locked}
                  onGenerate={() => void actions.generate(asset.name)}
                  onNotes={(notes) => builder.changeOffer((o) => updateAsset(o, asset.name, { notes }))}
                  onRewrite={() => handlers.onRewrite(asset)}
                  onCopy={() => handlers.onCopy(asset)}
                  onDownload={(format) => handlers.onDownload(asset, format)}
                  creatives={user && isAdAsset(asset.name) ? <AdCreatives offer={offer} asset={asset} userId={user.id} /> : undefined}
                />
              </AssetRow>
            );
          }}
        />
        <Box sx={{ mt: 1 }}>
          <AccordionRow
            id={rowId(GENERAL_NOTES)}
            title={GENERAL_NOTES}
            status={<NotesIcon color="action" fontSize="small" aria-hidden />}
            expanded={expanded.has(GENERAL_NOTES)}
            onToggle={() => toggle(GENERAL_NOTES)}
          >
            <TextField
              label={OFFER_TEXTS.generalNotesLabel}
              value={offer.generalNotes}
              onChange={(e) => builder.setGeneralNotes(e.target.value)}
              placeholder={OFFER_TEXTS.generalNotesPlaceholder}
              multiline
              minRows={3}
              maxRows={14}
              fullWidth
            />
          </AccordionRow>
        </Box>
      </CardContent>
    </Card>
  );
}
