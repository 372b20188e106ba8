import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { browser } from 'wxt/browser';
import { Box } from '@mui/material';
import { dashboardAuthUrl } from '../../shared/ext/config.ts';
import { SignedOutCard } from '../../shared/ui/SignedOutCard.tsx';
import { ThemeRoot } from '../../shared/ui/ThemeRoot.tsx';

function SidePanel() {
  const openSignIn = () => void browser.tabs.create({ url: dashboardAuthUrl() });
  return (
    <ThemeRoot surface="paper">
      <Box component="main" sx={{
          minHeight: '100vh',
          background: 'radial-gradient(520px 220px at 0% 0%, rgba(79,70,229,0.10), transparent 70%)',
        }}>
        <SignedOutCard onSignIn={openSignIn} variant="panel" />
      </Box>
    </ThemeRoot>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SidePanel />
  </StrictMode>,
);
