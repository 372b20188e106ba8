import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, AlertTitle, Box, Button, Container, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { jobStatusText } from '@/shared/core/jobs/progress.ts';
import { assetCopyText, offerCopyText } from '@/shared/core/offers/copy.ts';
import { assetExport, assetFileName, offerExport, offerFileName } from '@/shared/core/offers/export.ts';
import { OFFER_TEXTS } from '@/shared/core/offers/texts.ts';
import type { OfferDraft } from '@/shared/core/offers/offer.ts';
import type { OfferSummary } from '@/shared/data/offers.ts';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';
import { useNotify } from '@/shared/ui/notices.tsx';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { useUser } from '@/web/lib/sessionState.ts';
import { CreationCard } from './CreationCard.tsx';
import { DescriptionCard } from './DescriptionCard.tsx';
import { FrameworkCard, type AssetHandlers } from './FrameworkCard.tsx';
import { HeroCard } from './HeroCard.tsx';
import { heroForExport } from './heroFile.ts';
import { KeyRequiredDialog } from './KeyRequiredDialog.tsx';
import { pitchDeckPathFor } from '@/shared/core/pitchDeck/deck.ts';
import { OfferFooter } from './OfferFooter.tsx';
import { copyText, downloadOffer, type OfferDownloadFormat } from './offerFiles.ts';
import { OrganizeDialog } from './OrganizeDialog.tsx';
import { RewriteDialog } from './RewriteDialog.tsx';
import { SavedOffersCard } from './SavedOffersCard.tsx';
import { useOfferBuilder } from './useOfferBuilder.ts';
import { useSavedOffers } from './useSavedOffers.ts';
import { VideoCard } from './VideoCard.tsx';

/** A step that would replace the offer on screen, waiting for the user's yes. */
type Pending = { kind: 'generate' } | { kind: 'regenerate' } | { kind: 'open'; offer: OfferSummary } | { kind: 'new' };

const CONFIRM_TEXT: Record<Pending['kind'], { title: string; label: string }> = {
  generate: { title: 'Replace the current offer?', label: 'Replace' },
  regenerate: { title: 'Regenerate the framework?', label: 'Regenerate' },
  open: { title: 'Open another offer?', label: 'Open' },
  new: { title: 'Start a new offer?', label: 'Start over' },
};

const showResult = () =>
  setTimeout(() => document.getElementById('offer-description-title')?.scrollIntoView({ behavior: 'smooth', block: 'start' }), 50);

function EmptyResult() {
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 3 }}>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        Your offer will appear here
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Describe your idea above and generate its framework. Then create each marketing asset with one click, or all of them at once.
      </Typography>
    </Box>
  );
}

/** /prompt-stacks: idea → framework → every marketing asset, saved, copied and downloaded. */
export function OfferBuilderPage() {
  const user = useUser();
  const notify = useNotify();
  const builder = useOfferBuilder(user?.id ?? 'signed-out');
  const saved = useSavedOffers();
  const [pending, setPending] = useState<Pending | null>(null);
  const [rewriteTarget, setRewriteTarget] = useState<string | null | undefined>(undefined);
  const { workspace, activity, assets: actions } = builder;
  const offer = workspace.offer;
  const unsaved = offer !== null && workspace.dirty;

  const save = async () => {
    if (await builder.save()) void saved.refresh();
  };

  // Ctrl+S / ⌘S saves the offer (and says so when there is none).
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void saveRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [saveRef]);

  const proceed = (step: Pending) => {
    if (step.kind === 'generate') void builder.generateFramework().then((ok) => ok && showResult());
    if (step.kind === 'regenerate') void builder.regenerateFramework();
    if (step.kind === 'open') void builder.open(step.offer.id).then((ok) => ok && showResult());
    if (step.kind === 'new') builder.startOver();
  };
  const ask = (step: Pending) => (step.kind === 'regenerate' || unsaved ? setPending(step) : proceed(step));
  const requestGenerate = () => (offer ? ask({ kind: 'generate' }) : proceed({ kind: 'generate' }));

  // "Offer from this page" (the extension): generate at once, as if Generate were pressed.
  const requestGenerateRef = useRef(requestGenerate);
  requestGenerateRef.current = requestGenerate;
  const { generateFromLink, takeGenerateFromLink } = builder;
  useEffect(() => {
    if (!generateFromLink) return;
    takeGenerateFromLink();
    requestGenerateRef.current();
  }, [generateFromLink, takeGenerateFromLink]);

  const handlers: AssetHandlers = {
    onRewrite: (asset) => setRewriteTarget(asset.name),
    onCopy: (asset) => void copyText(assetCopyText(asset), OFFER_TEXTS.copied, notify),
    onDownload: (asset, format) => offer && void downloadOffer(assetExport(offer, asset), format, assetFileName(offer, asset), notify),
  };

  // The whole offer's file carries its hero picture under the title (DOCX, PDF, HTML).
  const queryClient = useQueryClient();
  const downloadWhole = async (shown: OfferDraft, format: OfferDownloadFormat) => {
    const image = await heroForExport(queryClient, shown, notify);
    const doc = offerExport(shown);
    await downloadOffer(image ? { ...doc, image } : doc, format, offerFileName(shown), notify);
  };

  const confirmBody = (step: Pending) => {
    const title = offer ? `"${offer.framework.title}"` : 'This offer';
    switch (step.kind) {
      case 'generate':
        return `${title} has unsaved changes. A new framework replaces it here; save it first to keep it.`;
      case 'regenerate':
        return `The AI builds a new title, description and list of categories from your idea. Content and notes of the categories that are in the new list are kept; the others are removed.`;
      case 'open':
        return `${title} has unsaved changes that will be lost when "${step.offer.title}" opens.`;
      case 'new':
        return `${title} has unsaved changes that will be lost.`;
    }
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <PageHeader
        title="Offer Builder"
        subtitle="Build an offer framework with AI, then create every marketing asset for it."
        actions={
          offer && (
            <Button variant="outlined" startIcon={<AddIcon />} onClick={() => ask({ kind: 'new' })} disabled={activity !== null}>
              New offer
            </Button>
          )
        }
      />
      {builder.elsewhere && (
        <Alert severity="info" sx={{ mb: 3 }} data-testid="offer-job-elsewhere">
          <AlertTitle>{jobStatusText(builder.elsewhere)}</AlertTitle>
          {OFFER_TEXTS.runningElsewhere(builder.elsewhere.title)}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 340px' },
          gridTemplateAreas: { xs: '"create" "video" "result" "saved"', md: '"create video" "create saved" "result result"' },
        }}
      >
        <Box sx={{ gridArea: 'create', minWidth: 0 }}>
          <CreationCard builder={builder} onGenerate={requestGenerate} />
        </Box>
        <Box sx={{ gridArea: 'video', minWidth: 0 }}>
          <VideoCard url={workspace.videoUrl} onChange={builder.setVideoUrl} />
        </Box>
        <Box sx={{ gridArea: 'saved', minWidth: 0 }}>
          <SavedOffersCard
            saved={saved}
            openId={offer?.id ?? null}
            onOpen={(summary) => ask({ kind: 'open', offer: summary })}
            onRenamed={(id, title) => builder.syncSaved(id, { title })}
            onDeleted={(id) => builder.syncSaved(id, { deleted: true })}
          />
        </Box>
        <Stack spacing={3} sx={{ gridArea: 'result', minWidth: 0 }}>
          {offer ? (
            <>
              <DescriptionCard
                offer={offer}
                dirty={workspace.dirty}
                saving={builder.saving}
                organizing={activity === 'organize'}
                organizeDisabled={activity !== null}
                onSave={() => void save()}
                onOrganize={() => void actions.organize()}
              />
              {user && <HeroCard offer={offer} userId={user.id} onHeroChange={builder.setHero} />}
              <FrameworkCard builder={builder} offer={offer} handlers={handlers} />
              <OfferFooter
                activity={activity}
                saving={builder.saving}
                assetsBusy={actions.busy.size > 0}
                onSave={() => void save()}
                onOrganize={() => void actions.organize()}
                onRegenerate={() => ask({ kind: 'regenerate' })}
                onRewrite={() => setRewriteTarget(null)}
                onCopy={() => void copyText(offerCopyText(offer), OFFER_TEXTS.offerCopied, notify)}
                onDownload={(format) => void downloadWhole(offer, format)}
                pitchDeckTo={offer.id ? pitchDeckPathFor('offer', offer.id) : null}
              />
            </>
          ) : (
            <EmptyResult />
          )}
        </Stack>
      </Box>

      <KeyRequiredDialog provider={builder.keyDialog} onClose={builder.closeKeyDialog} />
      <OrganizeDialog plan={actions.proposal} onAccept={actions.acceptProposal} onDiscard={actions.discardProposal} />
      <RewriteDialog
        target={rewriteTarget}
        progress={rewriteTarget === null ? actions.progress : null}
        onSubmit={(instruction) => (rewriteTarget ? actions.rewrite(rewriteTarget, instruction) : actions.rewriteAll(instruction))}
        onClose={() => setRewriteTarget(undefined)}
      />
      <ConfirmDialog
        open={pending !== null}
        title={pending ? CONFIRM_TEXT[pending.kind].title : ''}
        confirmLabel={pending ? CONFIRM_TEXT[pending.kind].label : ''}
        destructive={pending?.kind !== 'regenerate'}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          const step = pending;
          setPending(null);
          if (step) proceed(step);
        }}
      >
        {pending && confirmBody(pending)}
      </ConfirmDialog>
    </Container>
  );
}
