import { useCallback, useEffect, useRef } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import { DECK_LIMITS, type Slide } from '@/shared/core/pitchDeck/deck.ts';
import { toStored } from '@/shared/core/pitchDeck/edit.ts';
import { DECK_THEMES, themeById } from '@/shared/core/pitchDeck/layout.ts';
import { PITCH_DECK_TEXTS as T } from '@/shared/core/pitchDeck/texts.ts';
import { SlideCard } from './SlideCard.tsx';
import { useDeckExport, type DeckFormat } from './useDeckExport.ts';
import type { PitchDeckState, WorkingDeck } from './usePitchDeck.ts';

const FORMATS: { format: DeckFormat; label: string }[] = [
  { format: 'pptx', label: T.exportPptx },
  { format: 'pdf', label: T.exportPdf },
];

/** The deck being edited: title, theme, Save, Export; then every slide in order. */
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
          />
        ))}
      </Stack>
    </Box>
  );
}
