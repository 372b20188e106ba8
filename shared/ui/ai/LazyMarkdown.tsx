import { lazy, Suspense } from 'react';
import { Typography } from '@mui/material';

const Markdown = lazy(() => import('./Markdown.tsx'));

/** Markdown output, with the renderer loaded on first use (it is most of the output code). */
export function LazyMarkdown({ text }: { text: string }) {
  return (
    <Suspense
      fallback={
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {text}
        </Typography>
      }
    >
      <Markdown text={text} />
    </Suspense>
  );
}
