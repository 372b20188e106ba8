import { memo } from 'react';
import { Box, Button, Card, CardContent, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import ArrowDownIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import GalleryIcon from '@mui/icons-material/PhotoLibraryOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import { PICTURE_TEXTS as P } from '@/shared/core/images/pictureTexts.ts';
import { DECK_LIMITS, SLIDE_KIND_LABELS, type Slide } from '@/shared/core/pitchDeck/deck.ts';
import type { DeckTheme } from '@/shared/core/pitchDeck/layout.ts';
import { PITCH_DECK_TEXTS as T } from '@/shared/core/pitchDeck/texts.ts';
import type { ShownPicture } from '@/web/queries/pictures.ts';
import { SlidePreview, type PreviewPicture } from './SlidePreview.tsx';

export type PictureAction = 'make' | 'choose';

/** The shape a picture still loading is shown at: the maker's wide shape for slides. */
const LOADING_SIZE = { width: 1536, height: 1024 };

/** What the preview shows for the slide's picture: loading, the picture, or nothing (none, deleted, file missing). */
function previewPicture(slide: Slide, picture: ShownPicture | null | undefined): PreviewPicture | null {
  if (!slide.imageId || picture === null) return null;
  if (picture === undefined) return { ...LOADING_SIZE, src: undefined };
  return picture.url ? { width: picture.width, height: picture.height, src: picture.url } : null;
}

/**
 * One slide: its preview, title, bullets and notes to edit; move up / down and regenerate; add a
 * picture (made, or chosen from the gallery) or remove it. `n` counts from 1 (the cover is not a card).
 */
export const SlideCard = memo(function SlideCard({
  slide,
  n,
  count,
  theme,
  readOnly,
  busy,
  regenerating,
  onChange,
  onMove,
  onRegenerate,
  picture,
  onPicture,
}: {
  slide: Slide;
  n: number;
  count: number;
  theme: DeckTheme;
  readOnly: boolean;
  /** Another request runs: nothing new can start. */
  busy: boolean;
  regenerating: boolean;
  onChange: (id: string, change: Partial<Omit<Slide, 'id'>>) => void;
  onMove: (index: number, delta: -1 | 1) => void;
  onRegenerate: (id: string) => void;
  /** The slide's picture: undefined while it loads (or the slide has none), null once it is known to be deleted. */
  picture: ShownPicture | null | undefined;
  onPicture: (id: string, action: PictureAction) => void;
}) {
  const heading = `Slide ${n}${slide.kind ? ` · ${SLIDE_KIND_LABELS[slide.kind]}` : ''}`;
  const headingId = `${slide.id}-heading`;
  const bulletCount = slide.bullets.filter((b) => b.trim()).length;
  return (
    <Card component="li" aria-labelledby={headingId} sx={{ listStyle: 'none' }}>
      <CardContent sx={{ p: { xs: 2, md: 3 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }} useFlexGap>
          <Typography id={headingId} variant="h6" component="h3" sx={{ flexGrow: 1 }}>
            {heading}
          </Typography>
          <Tooltip title={T.moveUp}>
            <span>
              <IconButton
                aria-label={`${T.moveUp}: ${heading}`}
                data-move="up"
                data-slide={slide.id}
                disabled={n === 1}
                onClick={() => onMove(n - 1, -1)}
              >
                <ArrowUpIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={T.moveDown}>
            <span>
              <IconButton
                aria-label={`${T.moveDown}: ${heading}`}
                data-move="down"
                data-slide={slide.id}
                disabled={n === count}
                onClick={() => onMove(n - 1, 1)}
              >
                <ArrowDownIcon />
              </IconButton>
            </span>
          </Tooltip>
          {!readOnly && (
            <Button
              variant="outlined"
              size="small"
              startIcon={<RefreshIcon />}
              disabled={busy}
              onClick={() => onRegenerate(slide.id)}
              aria-label={`${T.regenerate} ${n}`}
            >
              {regenerating ? T.regenerating : T.regenerate}
            </Button>
          )}
        </Stack>
        <Box
          sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 3fr)' }, alignItems: 'start' }}
        >
          <Stack spacing={1}>
            <SlidePreview title={slide.title} bullets={slide.bullets} n={n} theme={theme} picture={previewPicture(slide, picture)} />
            {slide.imageId && (picture === null || picture?.url === null) && (
              <Typography variant="body2" color="text.secondary">
                {picture === null ? P.slideGone : P.missingFile}
              </Typography>
            )}
            {!readOnly && (
              <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
                <Button
                  size="small"
                  startIcon={<AddPhotoIcon />}
                  onClick={() => onPicture(slide.id, 'make')}
                  aria-label={slide.imageId ? P.slideRemakeLabel(n) : P.slideMakeLabel(n)}
                >
                  {slide.imageId ? P.slideRemake : P.slideMake}
                </Button>
                <Button
                  size="small"
                  startIcon={<GalleryIcon />}
                  onClick={() => onPicture(slide.id, 'choose')}
                  aria-label={P.slideChooseLabel(n)}
                >
                  {P.slideChoose}
                </Button>
                {slide.imageId && (
                  <Button
                    size="small"
                    color="error"
                    startIcon={<DeleteIcon />}
                    onClick={() => onChange(slide.id, { imageId: undefined })}
                    aria-label={P.slideRemoveLabel(n)}
                  >
                    {P.slideRemove}
                  </Button>
                )}
              </Stack>
            )}
          </Stack>
          <Stack spacing={2}>
            <TextField
              label={T.slideTitleLabel}
              value={slide.title}
              onChange={(e) => onChange(slide.id, { title: e.target.value })}
              error={!slide.title.trim()}
              helperText={slide.title.trim() ? undefined : 'A slide needs a title.'}
              slotProps={{ htmlInput: { maxLength: DECK_LIMITS.titleMax } }}
              disabled={regenerating}
            />
            <TextField
              label={T.bulletsLabel}
              value={slide.bullets.join('\n')}
              onChange={(e) => onChange(slide.id, { bullets: e.target.value.split('\n') })}
              multiline
              minRows={3}
              error={bulletCount > DECK_LIMITS.bulletsMax}
              helperText={`${bulletCount} / ${DECK_LIMITS.bulletsMax} bullet points`}
              disabled={regenerating}
            />
            <TextField
              label={T.notesLabel}
              value={slide.notes}
              onChange={(e) => onChange(slide.id, { notes: e.target.value })}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: DECK_LIMITS.notesMax } }}
              disabled={regenerating}
            />
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
});
