import { Provider as JotaiProvider } from 'jotai';
import { createBrowserRouter, redirect, RouterProvider } from 'react-router-dom';
import { Box, CircularProgress } from '@mui/material';
import { ROUTES, unknownPathTarget } from '../shared/core/routes.ts';
import { ThemeRoot } from '../shared/ui/ThemeRoot.tsx';

/** Shown while the first route's code loads. */
function RouteFallback() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

/** Route components are code-split: each loads on first visit. */
export const router = createBrowserRouter([
  {
    id: 'root',
    HydrateFallback: RouteFallback,
    children: [
      {
        lazy: async () => ({ Component: (await import('./layouts/PublicLayout.tsx')).PublicLayout }),
        children: [
          {
            path: ROUTES.landing,
            lazy: async () => ({ Component: (await import('./pages/LandingPage.tsx')).LandingPage }),
          },
        ],
      },
      // Spec §2.1: unknown paths go to / when signed out (to /dashboard once sign-in exists).
      { path: '*', loader: () => redirect(unknownPathTarget(false)), Component: () => null },
    ],
  },
]);

export function App() {
  return (
    <JotaiProvider>
      <ThemeRoot>
        <RouterProvider router={router} />
      </ThemeRoot>
    </JotaiProvider>
  );
}
