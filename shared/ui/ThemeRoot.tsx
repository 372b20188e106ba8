import type { ReactNode } from 'react';
import { CssBaseline, GlobalStyles, ThemeProvider } from '@mui/material';
import { COLOR_MODE_STORAGE_KEY } from './colorModeKey.ts';
import { appTheme } from './theme.ts';

export interface ThemeRootProps {
  children: ReactNode;
  /** Page background: the app's tinted default, or plain paper (popup, side panel). */
  surface?: 'default' | 'paper';
}

/** MUI theme + baseline CSS, used by every React root (dashboard, side panel, popup). */
/**
 * MUI draws the first render without the colour scheme (the server's way) and draws the whole tree
 * again once mounted: one long task on a pre-rendered page. The pre-rendered markup is the light
 * scheme's, so a browser in light mode (the class set before the first paint, see index.html) can
 * draw the scheme at once and skip that second render; in dark mode it hydrates as the server drew.
 */
const schemeKnownAtFirstRender = typeof document !== 'undefined' && !document.documentElement.classList.contains('dark');

export function ThemeRoot({ children, surface = 'default' }: ThemeRootProps) {
  return (
    <ThemeProvider theme={appTheme()} defaultMode="system" modeStorageKey={COLOR_MODE_STORAGE_KEY} noSsr={schemeKnownAtFirstRender}>
      <CssBaseline />
      {surface === 'paper' && (
        <GlobalStyles styles={(t) => ({ 'html, body': { backgroundColor: (t.vars ?? t).palette.background.paper } })} />
      )}
      {children}
    </ThemeProvider>
  );
}
