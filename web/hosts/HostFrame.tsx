import { useEffect } from 'react';
import { Box, Typography } from '@mui/material';

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  p: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/**
 * A third-party site in a frame that fills the window, with a page title, an h1 for
 * assistive tech and an accessible name on the frame.
 */
export function HostFrame({ title, src }: { title: string; src: string }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <Box component="main" sx={{ position: 'fixed', inset: 0, bgcolor: 'background.default' }}>
      <Typography component="h1" sx={visuallyHidden}>
        {title}
      </Typography>
      <Box
        component="iframe"
        title={title}
        src={src}
        referrerPolicy="strict-origin-when-cross-origin"
        allow="clipboard-write; fullscreen"
        sx={{ display: 'block', width: '100%', height: '100%', border: 0 }}
      />
    </Box>
  );
}
