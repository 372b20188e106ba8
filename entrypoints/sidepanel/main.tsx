import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startPanelBoot } from '@/shared/ui/ext/boot.ts';
import { PanelApp } from '@/shared/ui/ext/PanelApp.tsx';
import { FOLDER_PAGE_SIZE } from '@/shared/ui/ext/useLibraryList.ts';

// The account and the library's first page load while React starts.
startPanelBoot(FOLDER_PAGE_SIZE);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PanelApp />
  </StrictMode>,
);
