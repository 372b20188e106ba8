import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PanelApp } from '../../shared/ui/ext/PanelApp.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PanelApp />
  </StrictMode>,
);
