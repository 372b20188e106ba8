import type { ReactNode } from 'react';
import { CssBaseline, GlobalStyles, ThemeProvider } from '@mui/material';
import { COLOR_MODE_STORAGE_KEY } from './colorModeKey.ts';
import { theme } from './theme.ts';

export interface ThemeRootProps {
  children: ReactNode;
  /** Page background: the app's tinted default, or plain paper (popup, side panel). */
  surface?: 'default' | 'paper';
}

/** MUI theme + baseline CSS, used by every React root (dashboard, side panel, popup). */
export function ThemeRoot({ children, surface = 'default' }: ThemeRootProps) {
  return (
    <ThemeProvider theme={theme} defaultMode="system" modeStorageKey={COLOR_MODE_STORAGE_KEY}>
      <CssBaseline />
      {surface === 'paper' && (
        <GlobalStyles styles={(t) => ({ 'html, body': { backgroundColor: (t.vars ?? t).palette.background.paper } })} />
      )}
      {children}
    </ThemeProvider>
  );
}
