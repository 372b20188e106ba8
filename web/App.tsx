import { Provider as JotaiProvider } from 'jotai';
import { createBrowserRouter, redirect, RouterProvider } from 'react-router-dom';
import { ROUTES, unknownPathTarget } from '../shared/core/routes.ts';
import { ThemeRoot } from '../shared/ui/ThemeRoot.tsx';

/** Route components are code-split: each loads on first visit. */
export const router = createBrowserRouter([
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
  { path: '*', loader: () => redirect(unknownPathTarget(false)) },
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
