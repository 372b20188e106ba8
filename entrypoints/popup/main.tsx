import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { browser } from 'wxt/browser';
import { Box } from '@mui/material';
import { dashboardAuthUrl } from '../../shared/ext/config.ts';
import { SignedOutCard } from '../../shared/ui/SignedOutCard.tsx';
import { ThemeRoot } from '../../shared/ui/ThemeRoot.tsx';

function Popup() {
  const openSignIn = () => {
    void browser.tabs.create({ url: dashboardAuthUrl() });
    window.close();
  };
  return (
    <ThemeRoot surface="paper">
      <Box component="main" sx={{ width: 340 }}>
        <SignedOutCard onSignIn={openSignIn} variant="compact" />
      </Box>
    </ThemeRoot>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Popup />
  </StrictMode>,
);
