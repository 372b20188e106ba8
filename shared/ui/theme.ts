import { createTheme, type Theme } from '@mui/material/styles';

const fontFamily = ['Inter', 'system-ui', '-apple-system', '"Segoe UI"', 'Roboto', '"Helvetica Neue"', 'Arial', 'sans-serif'].join(',');

let created: Theme | undefined;

/**
 * The AI Vault look, shared by the dashboard, the side panel and the popup: a light and a dark
 * colour scheme as CSS variables (switched by a class on <html>, so no re-render of the tree and
 * no flash when the saved choice is applied before React starts). Created on first use: it is
 * one of the longest pieces of start-up work (~25 ms on a slow phone), which an entry can then
 * run in a task of its own.
 */
export const appTheme = (): Theme => (created ??= createAppTheme());

const createAppTheme = (): Theme =>
  createTheme({
    cssVariables: { colorSchemeSelector: 'class' },
    colorSchemes: {
      light: {
        palette: {
          primary: { main: '#4F46E5', light: '#818CF8', dark: '#3730A3', contrastText: '#FFFFFF' },
          secondary: { main: '#9333EA', light: '#C084FC', dark: '#6B21A8', contrastText: '#FFFFFF' },
          background: { default: '#F7F7FB', paper: '#FFFFFF' },
          text: { primary: '#111827', secondary: '#4B5563' },
          divider: '#E5E7EB',
        },
      },
      dark: {
        palette: {
          // Lighter accents with dark text on them keep WCAG AA contrast on dark surfaces.
          primary: { main: '#818CF8', light: '#A5B4FC', dark: '#6366F1', contrastText: '#0B1020' },
          secondary: { main: '#C084FC', light: '#D8B4FE', dark: '#A855F7', contrastText: '#160B26' },
          // MUI's dark default (#f44336 with white text, 3.7:1) fails AA on error toasts and buttons.
          error: { main: '#F87171', light: '#FCA5A5', dark: '#DC2626', contrastText: '#0B1020' },
          background: { default: '#0B1020', paper: '#131A2E' },
          text: { primary: '#E5E7EB', secondary: '#A1A9B8' },
          divider: 'rgba(148, 163, 184, 0.2)',
        },
      },
    },
    shape: { borderRadius: 12 },
    typography: {
      fontFamily,
      h1: { fontWeight: 800, letterSpacing: '-0.03em' },
      h2: { fontWeight: 800, letterSpacing: '-0.02em' },
      h3: { fontWeight: 700, letterSpacing: '-0.02em' },
      h4: { fontWeight: 700, letterSpacing: '-0.01em' },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 700 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { borderRadius: 10 }, sizeLarge: { padding: '10px 22px', fontSize: '1rem' } },
      },
      MuiCard: {
        defaultProps: { variant: 'outlined' },
        styleOverrides: { root: { borderRadius: 16 } },
      },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
      // MUI lightens elevated paper in dark mode with a gradient overlay; plain surfaces read better here.
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
      // Links in running text must not rely on colour alone (WCAG 1.4.1): underlined by default.
      MuiLink: { defaultProps: { underline: 'always' } },
    },
  });
