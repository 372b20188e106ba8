import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import type { createStore } from 'jotai';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { Box, CircularProgress } from '@mui/material';
import { hostAppFor } from '../shared/core/hosts.ts';
import { ROUTES } from '../shared/core/routes.ts';
import { NoticeViewport } from '../shared/ui/NoticeViewport.tsx';
import { createQueryClient } from '../shared/ui/query.ts';
import { ThemeRoot } from '../shared/ui/ThemeRoot.tsx';
import { UsageProvider } from '../shared/ui/usage/UsageContext.tsx';
import { webConfig } from './lib/config.ts';
import { lazyWebUsage } from './lib/lazyUsage.ts';
import { SessionProvider } from './lib/SessionProvider.tsx';
import { webStorage } from './lib/storage.ts';
import { DictationProvider } from '@/shared/ui/ai/dictation.tsx';
import { PUBLIC_PAGES, type PublicPage } from './routes/publicPages.ts';
import { RedirectIfSignedIn, RequireSignedIn, UnknownPath } from './routes/guards.tsx';
import { RouterNavigation } from './routes/RouterNavigation.tsx';
import { pageBoundary, PublicRouteError, RouteError } from './routes/RouteError.tsx';

type JotaiStore = ReturnType<typeof createStore>;

/** Shown while the first route's code loads. */
function RouteFallback() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

/** A code-split route: the module loads on first visit. */
const page =
  <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) =>
  async () => ({ Component: (await load())[name] as ComponentType });

/** A page of the public layout as a code-split route. */
const publicRoute = ({ path, load }: PublicPage): RouteObject => ({ path, lazy: async () => ({ Component: await load() }) });

/** /login is the forgot-password page's back link: it means "sign in". */
function LoginAlias() {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  params.set('mode', 'signin');
  return <Navigate to={`${ROUTES.auth}?${params.toString()}`} replace />;
}

/** The pages of the signed-in shell. */
const SIGNED_IN_PAGES: RouteObject[] = [
  { path: ROUTES.dashboard, lazy: page(() => import('./pages/hub/DashboardPage.tsx'), 'DashboardPage') },
  { path: ROUTES.aiTools, lazy: page(() => import('./pages/tools/AiToolsPage.tsx'), 'AiToolsPage') },
  { path: ROUTES.manageFolders, lazy: page(() => import('./pages/hub/ManageFoldersPage.tsx'), 'ManageFoldersPage') },
  { path: ROUTES.workflows, lazy: page(() => import('./pages/workflows/WorkflowsPage.tsx'), 'WorkflowsPage') },
  { path: ROUTES.workflowNew, lazy: page(() => import('./pages/workflows/WorkflowBuilderPage.tsx'), 'WorkflowBuilderPage') },
  { path: ROUTES.workflowEdit, lazy: page(() => import('./pages/workflows/WorkflowBuilderPage.tsx'), 'WorkflowBuilderPage') },
  { path: ROUTES.workflowRun, lazy: page(() => import('./pages/workflows/WorkflowRunPage.tsx'), 'WorkflowRunPage') },
  {
    path: ROUTES.workflowTemplateRun,
    lazy: page(() => import('./pages/workflows/WorkflowRunPage.tsx'), 'WorkflowTemplateRunPage'),
  },
  {
    path: ROUTES.workflowRunDetail,
    lazy: page(() => import('./pages/workflows/WorkflowRunDetailPage.tsx'), 'WorkflowRunDetailPage'),
  },
  { path: ROUTES.training, lazy: page(() => import('./pages/hub/TrainingPage.tsx'), 'TrainingPage') },
  { path: ROUTES.aiFeatures, lazy: page(() => import('./pages/hub/AiFeaturesPage.tsx'), 'AiFeaturesPage') },
  { path: ROUTES.pitchDeck, lazy: page(() => import('./pages/pitchDeck/PitchDeckPage.tsx'), 'PitchDeckPage') },
  { path: ROUTES.billing, lazy: page(() => import('./pages/hub/BillingPage.tsx'), 'BillingPage') },
  { path: ROUTES.settings, lazy: page(() => import('./pages/settings/SettingsPage.tsx'), 'SettingsPage') },
  { path: ROUTES.usage, lazy: page(() => import('./pages/usage/UsagePage.tsx'), 'UsagePage') },
  { path: ROUTES.promptStacks, lazy: page(() => import('./pages/stacks/PromptStacksPage.tsx'), 'PromptStacksPage') },
  { path: ROUTES.myPrompts, lazy: page(() => import('./pages/library/LibraryPages.tsx'), 'MyPromptsPage') },
  { path: ROUTES.promptsLibrary, lazy: page(() => import('./pages/library/LibraryPages.tsx'), 'PromptFoldersPage') },
  {
    path: ROUTES.recommendedPrompts,
    lazy: page(() => import('./pages/recommended/RecommendedPromptsPage.tsx'), 'RecommendedPromptsPage'),
  },
  { path: ROUTES.runPrompt, lazy: page(() => import('./pages/run/RunPromptPage.tsx'), 'RunPromptPage') },
  { path: ROUTES.conversation, lazy: page(() => import('./pages/conversations/ConversationPage.tsx'), 'ConversationPage') },
  { path: ROUTES.history, lazy: page(() => import('./pages/history/HistoryPage.tsx'), 'HistoryPage') },
  { path: ROUTES.offerBuilder, lazy: page(() => import('./pages/offers/OfferBuilderPage.tsx'), 'OfferBuilderPage') },
  {
    path: ROUTES.documentAnalysis,
    lazy: page(() => import('./pages/analysis/DocumentAnalysisPage.tsx'), 'DocumentAnalysisPage'),
  },
  { path: ROUTES.smartQueries, lazy: page(() => import('./pages/knowledge/SmartQueriesPage.tsx'), 'SmartQueriesPage') },
  { path: ROUTES.knowledgeBase, lazy: page(() => import('./pages/knowledge/KnowledgeBasePage.tsx'), 'KnowledgeBasePage') },
  {
    path: ROUTES.documentGenerator,
    lazy: page(() => import('./pages/documents/DocumentGeneratorPage.tsx'), 'DocumentGeneratorPage'),
  },
  { path: ROUTES.imageGallery, lazy: page(() => import('./pages/images/ImageGalleryPage.tsx'), 'ImageGalleryPage') },
  { path: ROUTES.savedIdeas, lazy: page(() => import('./pages/ideas/SavedIdeasPage.tsx'), 'SavedIdeasPage') },
  { path: ROUTES.fileManager, lazy: page(() => import('./pages/files/FileManagerPage.tsx'), 'FileManagerPage') },
  { path: ROUTES.workspace, lazy: page(() => import('./pages/files/WorkspacePage.tsx'), 'WorkspacePage') },
  { path: ROUTES.sharedAccept, lazy: page(() => import('./pages/files/AcceptSharePage.tsx'), 'AcceptSharePage') },
  { path: ROUTES.teamSettings, lazy: page(() => import('./pages/team/TeamSettingsPage.tsx'), 'TeamSettingsPage') },
  { path: ROUTES.teamAccept, lazy: page(() => import('./pages/team/AcceptTeamInvitePage.tsx'), 'AcceptTeamInvitePage') },
  { path: ROUTES.adminDashboard, lazy: page(() => import('./pages/admin/AdminPage.tsx'), 'AdminPage') },
  { path: ROUTES.adminUsers, lazy: page(() => import('./pages/admin/AdminPage.tsx'), 'AdminPage') },
];

/** The route map: public routes, signed-in-only routes and the redirects of shared/core/routes.ts. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RouterNavigation,
    HydrateFallback: RouteFallback,
    // A layout that fails itself (no shell to keep): the screen alone.
    ErrorBoundary: RouteError,
    children: [
      {
        lazy: async () => {
          const { PublicLayout } = await import('./layouts/PublicLayout.tsx');
          return {
            Component: () => (
              <PublicLayout>
                <Outlet />
              </PublicLayout>
            ),
          };
        },
        children: [
          // A page that throws: our screen inside the public layout.
          pageBoundary(
            [
              {
                Component: RedirectIfSignedIn,
                children: PUBLIC_PAGES.filter((page) => page.signedOutOnly).map(publicRoute),
              },
              ...PUBLIC_PAGES.filter((page) => !page.signedOutOnly).map(publicRoute),
              { path: ROUTES.login, Component: LoginAlias },
            ],
            PublicRouteError,
          ),
        ],
      },
      {
        // Public, but inside the signed-in shell when signed in: the sidebar links here.
        lazy: page(() => import('./layouts/SessionLayout.tsx'), 'SessionLayout'),
        children: [pageBoundary([{ path: ROUTES.support, lazy: page(() => import('./pages/info/SupportPage.tsx'), 'SupportPage') }])],
      },
      {
        Component: RequireSignedIn,
        children: [
          {
            lazy: page(() => import('./layouts/AppShell.tsx'), 'AppShell'),
            // A page that throws: our screen inside the shell, sidebar and all.
            children: [pageBoundary(SIGNED_IN_PAGES)],
          },
        ],
      },
      { path: '*', Component: UnknownPath },
    ],
  },
];

const MarketplaceApp = lazy(async () => ({ default: (await import('./hosts/MarketplaceApp.tsx')).MarketplaceApp }));
const FeedbackApp = lazy(async () => ({ default: (await import('./hosts/FeedbackApp.tsx')).FeedbackApp }));

/** Which app this host serves (marketplace and feedback hosts have their own). */
function HostRouter() {
  const app = hostAppFor(window.location.hostname, {
    marketplace: webConfig.marketplaceHostPrefix,
    feedback: webConfig.feedbackHostPrefix,
  });
  if (app === 'marketplace' || app === 'feedback') {
    return <Suspense fallback={<RouteFallback />}>{app === 'marketplace' ? <MarketplaceApp /> : <FeedbackApp />}</Suspense>;
  }
  return <RouterProvider router={mainRouter()} />;
}

let router: ReturnType<typeof createBrowserRouter> | undefined;
/** Created on first use, once: the marketplace and feedback hosts never need it. */
const mainRouter = () => (router ??= createBrowserRouter(routes));

interface AppProps {
  /** The build's pre-rendering passes its static router; the browser picks its router by host. */
  router?: ReactNode;
  /** The browser passes the stores the public entry used, so a page it handed over keeps its state. */
  store?: JotaiStore;
  queryClient?: QueryClient;
}

export function App({ router, store, queryClient: givenClient }: AppProps) {
  // Server state: one cache for the app, emptied when the signed-in user changes (SessionProvider).
  const [queryClient] = useState(() => givenClient ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={store}>
        <ThemeRoot>
          <SessionProvider>
            <DictationProvider storage={webStorage}>
              {/* Every AI call on the dashboard's pages, public ones included, records its usage as the dashboard's. */}
              <UsageProvider usage={lazyWebUsage}>{router ?? <HostRouter />}</UsageProvider>
            </DictationProvider>
            <NoticeViewport />
          </SessionProvider>
        </ThemeRoot>
      </JotaiProvider>
    </QueryClientProvider>
  );
}
