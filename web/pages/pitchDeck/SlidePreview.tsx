import { Box, Skeleton, Typography } from '@mui/material';
import { pictureBox, SLIDE_SIZE, type DeckTheme, type PictureSize } from '@/shared/core/pitchDeck/layout.ts';

/** The picture a slide shows beside its bullets; `src` undefined while its address loads. */
export interface PreviewPicture extends PictureSize {
  src: string | undefined;
}

/** The preview's padding (5% of its width on every side) in slide inches: the picture's width is its share of what is inside. */
const INSIDE_WIDTH = SLIDE_SIZE.width * 0.9;

/**
 * A small picture of the slide in the deck's theme (what the export will look like): the words are
 * hidden from screen readers (the fields beside it say the same), the slide's picture is not (its
 * alt text is the slide's title). With a picture, the bullets take the left and the picture the
 * right, at the export's proportions.
 */
export function SlidePreview({
  title,
  bullets,
  n,
  theme,
  picture,
}: {
  title: string;
  bullets: readonly string[];
  n: number;
  theme: DeckTheme;
  picture: PreviewPicture | null;
}) {
  const lines = bullets.map((b) => b.trim()).filter(Boolean);
  const box = picture && pictureBox(picture);
  return (
    <Box
      sx={{
        aspectRatio: '16 / 9',
        width: '100%',
        borderRadius: 1.5,
        border: 1,
        borderColor: 'divider',
        bgcolor: `#${theme.background}`,
        fontFamily: theme.font,
        p: '5%',
        position: 'relative',
        overflow: 'hidden',
        containerType: 'inline-size',
      }}
    >
      <Box aria-hidden sx={{ width: '9%', height: '1.2cqw', minHeight: 2, bgcolor: `#${theme.accent}`, mb: '2cqw' }} />
      <Typography
        aria-hidden
        sx={{ fontFamily: 'inherit', color: `#${theme.title}`, fontWeight: 700, fontSize: '5cqw', lineHeight: 1.2, mb: '2.5cqw' }}
      >
        {title || ' '}
      </Typography>
      <Box sx={{ display: 'flex', gap: '3.5cqw', alignItems: 'flex-start' }}>
        <Box
          component="ul"
          aria-hidden
          sx={{ flex: 1, minWidth: 0, m: 0, pl: '4cqw', color: `#${theme.text}`, fontSize: '3.4cqw', lineHeight: 1.35 }}
        >
          {lines.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </Box>
        {picture && box && (
          <Box
            sx={{
              width: `${(box.w / INSIDE_WIDTH) * 100}%`,
              aspectRatio: `${picture.width} / ${picture.height}`,
              flexShrink: 0,
              bgcolor: 'action.hover',
            }}
          >
            {picture.src ? (
              <Box
                component="img"
                src={picture.src}
                alt={title}
                sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
              />
            ) : (
              <Skeleton variant="rectangular" sx={{ width: '100%', height: '100%' }} />
            )}
          </Box>
        )}
      </Box>
      <Typography
        aria-hidden
        sx={{ position: 'absolute', right: '5%', bottom: '3%', fontFamily: 'inherit', color: `#${theme.muted}`, fontSize: '2.6cqw' }}
      >
        {n}
      </Typography>
    </Box>
  );
}
