import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startPanelBoot } from './boot.ts';
import type { FirstDrawStart } from './firstDraw.ts';
import { PanelApp } from './PanelApp.tsx';
import { DictationProvider } from '@/shared/ui/ai/dictation.tsx';
import { extTypedStorage } from '../lib/items.ts';
import { openMicrophonePage } from '../lib/tabs.ts';
import { FOLDER_PAGE_SIZE } from '../queries/panelLibrary.ts';

/** Starts the side panel's React app (after its first view was drawn from storage). */
export function mountPanel(root: HTMLElement, start: FirstDrawStart | null): void {
  // The account and the library's first page load while React starts.
  startPanelBoot(FOLDER_PAGE_SIZE, start);
  createRoot(root).render(
    <StrictMode>
      <DictationProvider storage={extTypedStorage} openMicrophonePage={openMicrophonePage}>
        <PanelApp />
      </DictationProvider>
    </StrictMode>,
  );
}
