import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import { DECK_LIMITS, slidePictureIds, type Slide } from '@/shared/core/pitchDeck/deck.ts';
import { toStored } from '@/shared/core/pitchDeck/edit.ts';
import { DECK_THEMES, themeById } from '@/shared/core/pitchDeck/layout.ts';
import { slidePicturePrompt } from '@/shared/core/pitchDeck/prompts.ts';
import { PITCH_DECK_TEXTS as T } from '@/shared/core/pitchDeck/texts.ts';
import type { GeneratedImage } from '@/shared/data/generatedImages.ts';
import { ChoosePictureDialog } from '@/web/components/pictures/ChoosePictureDialog.tsx';
import { PictureMakerDialog } from '@/web/components/pictures/PictureMakerDialog.tsx';
import { useUser } from '@/web/lib/sessionState.ts';
import { pictureQueries } from '@/web/queries/pictures.ts';
import { SlideCard, type PictureAction } from './SlideCard.tsx';
import { useDeckExport, type DeckFormat } from './useDeckExport.ts';
import type { PitchDeckState, WorkingDeck } from './usePitchDeck.ts';

const FORMATS: { format: DeckFormat; label: string }[] = [
  { format: 'pptx', label: T.exportPptx },
  { format: 'pdf', label: T.exportPdf },
];

/**
 * The slides' pictures by id, with their addresses: undefined for one not known yet (loading, or
 * just chosen and still being read), null for one that is gone from the gallery.
 */
function useSlidePictures(slides: readonly Slide[]) {
  const ids = useMemo(() => slidePictureIds(slides), [slides]);
  // The previous list stays on screen while a changed one loads: the other slides' pictures do not flicker.
  const pictures = useQuery({ ...pictureQueries.list({ ids }), enabled: ids.length > 0, placeholderData: keepPreviousData });
  const byId = useMemo(() => new Map((pictures.data ?? []).map((image) => [image.id, image])), [pictures.data]);
  const settled = pictures.isSuccess && !pictures.isPlaceholderData;
  return useCallback(
    (imageId: string | undefined) => (imageId ? (byId.get(imageId) ?? (settled ? null : undefined)) : undefined),
    [byId, settled],
  );
}

/** The deck being edited: title, theme, Save, Export; then every slide in order, each with its picture. */
export function DeckEditor({
  deck,
  state,
  readOnly,
  canRun,
  onRegenerate,
}: {
  deck: WorkingDeck;
  state: PitchDeckState;
  readOnly: boolean;
  canRun: boolean;
  onRegenerate: (id: string) => void;
}) {
  const exporter = useDeckExport();
  const theme = themeById(deck.theme);
  const problem = state.deckProblem;
  const { move } = state;

  // A moved slide keeps the focus on its button (or the other one at either end), so the keyboard can go on moving it.
  const moved = useRef<{ id: string; direction: 'up' | 'down' } | null>(null);
  const onMove = useCallback(
    (index: number, delta: -1 | 1) => {
      const slide = deck.slides[index];
      if (slide) moved.current = { id: slide.id, direction: delta < 0 ? 'up' : 'down' };
      move(index, delta);
    },
    [deck.slides, move],
  );
  useEffect(() => {
    const target = moved.current;
    if (!target) return;
    moved.current = null;
    const buttons = (direction: string) =>
      document.querySelector<HTMLButtonElement>(`[data-slide="${target.id}"][data-move="${direction}"]`);
    const same = buttons(target.direction);
    (same && !same.disabled ? same : buttons(target.direction === 'up' ? 'down' : 'up'))?.focus();
  }, [deck.slides]);

  const exportAs = (format: DeckFormat) => void exporter.run(format, deck.title, toStored(deck.slides), deck.theme);

  const user = useUser();
  const pictureOf = useSlidePictures(deck.slides);
  const [picturing, setPicturing] = useState<{ slideId: string; action: PictureAction } | null>(null);
  const onPicture = useCallback((slideId: string, action: PictureAction) => setPicturing({ slideId, action }), []);
  const picturingSlide = picturing ? deck.slides.find((slide) => slide.id === picturing.slideId) : undefined;
  const { editSlide } = state;
  // Part of the slide like its words: kept when the deck is saved.
  const takePicture = (image: GeneratedImage) => {
    if (picturingSlide) editSlide(picturingSlide.id, { imageId: image.id });
    setPicturing(null);
  };

  return (
    <Box component="section" aria-labelledby="deck-heading" sx={{ mb: 5 }}>
      <Card sx={{ mb: 3 }}>
        <CardContent sx={{ p: { xs: 2, md: 3 } }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
            <Typography id="deck-heading" variant="h5" component="h2">
              {T.deckHeading}
            </Typography>
            <Chip size="small" variant="outlined" label={deck.id ? (deck.dirty ? 'Unsaved changes' : 'Saved') : 'Not saved yet'} />
          </Stack>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 3fr) minmax(0, 1fr)' } }}>
            <TextField
              label={T.deckTitleLabel}
              value={deck.title}
              onChange={(e) => state.edit({ title: e.target.value })}
              slotProps={{ htmlInput: { maxLength: DECK_LIMITS.titleMax } }}
              size="small"
            />
            <TextField select label={T.themeLabel} value={theme.id} onChange={(e) => state.edit({ theme: e.target.value })} size="small">
              {DECK_THEMES.map((t) => (
                <MenuItem key={t.id} value={t.id}>
                  <Box
                    component="span"
                    aria-hidden
                    sx={{
                      display: 'inline-block',
                      width: 14,
                      height: 14,
                      borderRadius: 0.5,
                      mr: 1,
                      verticalAlign: 'middle',
                      bgcolor: `#${t.background}`,
                      border: 3,
                      borderColor: `#${t.accent}`,
                    }}
                  />
                  {t.name}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
            {!readOnly && (
              <Button
                variant="contained"
                startIcon={<SaveIcon />}
                disabled={state.saving || Boolean(problem) || !deck.dirty}
                onClick={() => void state.save()}
              >
                {state.saving ? T.saving : T.save}
              </Button>
            )}
            {FORMATS.map(({ format, label }) => (
              <Button
                key={format}
                variant="outlined"
                startIcon={<DownloadIcon />}
                disabled={exporter.exporting !== null || Boolean(problem)}
                onClick={() => exportAs(format)}
              >
                {exporter.exporting === format ? `Preparing ${format.toUpperCase()}…` : label}
              </Button>
            ))}
          </Stack>
          {problem && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {problem}
            </Alert>
          )}
        </CardContent>
      </Card>
      <Stack component="ol" aria-label="Slides" spacing={2.5} sx={{ m: 0, p: 0 }}>
        {deck.slides.map((slide: Slide, i) => (
          <SlideCard
            key={slide.id}
            slide={slide}
            n={i + 1}
            count={deck.slides.length}
            theme={theme}
            readOnly={readOnly}
            busy={state.busy !== null || !canRun}
            regenerating={state.busy === slide.id}
            onChange={state.editSlide}
            onMove={onMove}
            onRegenerate={onRegenerate}
            picture={pictureOf(slide.imageId)}
            onPicture={onPicture}
          />
        ))}
      </Stack>
      {user && picturingSlide && picturing?.action === 'make' && (
        <PictureMakerDialog
          open
          onClose={() => setPicturing(null)}
          userId={user.id}
          target={{ purpose: 'deck_slide', pitchDeckId: deck.id }}
          initial={{ prompt: slidePicturePrompt(picturingSlide, deck.title), shape: 'wide' }}
          onUse={takePicture}
        />
      )}
      <ChoosePictureDialog
        open={Boolean(picturingSlide) && picturing?.action === 'choose'}
        onClose={() => setPicturing(null)}
        onChoose={takePicture}
        chosenId={picturingSlide?.imageId ?? null}
      />
    </Box>
  );
}
