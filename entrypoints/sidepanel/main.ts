import { drawFirstView } from '@/extension/ui/firstDraw.ts';
import { markPanel, PANEL_MARKS } from '@/extension/ui/panelMarks.ts';

markPanel(PANEL_MARKS.scriptStart);

// What storage remembers is drawn in plain DOM first (a few kB); React, MUI and the data layer
// load after it and take over. `?first-draw-only` stops at the plain view, to compare it with the
// app's (end-to-end tests, screenshots); the browser never opens the panel with it.
const root = document.getElementById('root')!;
const onlyFirstDraw = new URLSearchParams(location.search).has('first-draw-only');

/**
 * Resolves once the frame with the first view has been painted: compiling and running the app's
 * modules takes the main thread for tens of milliseconds, which would otherwise come before that
 * paint. A hidden panel gets no frames, so a short timeout lets the app load anyway.
 */
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });

void drawFirstView(root)
  .then(async (start) => {
    if (onlyFirstDraw) return;
    await afterFirstPaint();
    (await import('@/extension/ui/mountPanel.tsx')).mountPanel(root, start);
  })
  .catch((error: unknown) => {
    console.error('The side panel did not start', error);
  });
