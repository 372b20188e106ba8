import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setAiDefaults } from '../shared/ai/settings.ts';
import { App } from './App.tsx';
import { webConfig } from './lib/config.ts';

setAiDefaults({ baseUrlOverride: webConfig.aiBaseUrl });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
