import { Box, Typography } from '@mui/material';
import type { DeckTheme } from '@/shared/core/pitchDeck/layout.ts';

/** A small picture of the slide in the deck's theme (what the export will look like), hidden from screen readers: the fields beside it say the same. */
export function SlidePreview({ title, bullets, n, theme }: { title: string; bullets: readonly string[]; n: number; theme: DeckTheme }) {
  const lines = bullets.map((b) => b.trim()).filter(Boolean);
  return (
    <Box
      aria-hidden
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
      <Box sx={{ width: '9%', height: '1.2cqw', minHeight: 2, bgcolor: `#${theme.accent}`, mb: '2cqw' }} />
      <Typography
        sx={{ fontFamily: 'inherit', color: `#${theme.title}`, fontWeight: 700, fontSize: '5cqw', lineHeight: 1.2, mb: '2.5cqw' }}
      >
        {title || ' '}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: '4cqw', color: `#${theme.text}`, fontSize: '3.4cqw', lineHeight: 1.35 }}>
        {lines.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </Box>
      <Typography
        sx={{ position: 'absolute', right: '5%', bottom: '3%', fontFamily: 'inherit', color: `#${theme.muted}`, fontSize: '2.6cqw' }}
      >
        {n}
      </Typography>
    </Box>
  );
}
