import type { ComponentType } from 'react';
import { FEEDBACK_SIGN_IN_PATH } from '../../shared/core/hosts.ts';
import { HANDOFF_PATH } from '../../shared/core/handoff.ts';
import { ROUTES } from '../../shared/core/routes.ts';

/** A page drawn in the public layout. */
export interface PublicPage {
  path: string;
  /** The page's component, exported under its module's file name (the build finds its code by it). */
  component: string;
  load: () => Promise<ComponentType>;
  /** A signed-in visitor is moved on (to ?next or /dashboard). */
  signedOutOnly?: boolean;
  /**
   * Needs what only the full app provides (server data, a session arriving with the address): the
   * public entry hands these over to it instead of drawing them.
   */
  needsApp?: boolean;
}

/** A page module's component (named as its file), loaded on first use. */
const page = <M extends Record<string, unknown>>(load: () => Promise<M>, component: keyof M & string) => ({
  component,
  load: async () => (await load())[component] as ComponentType,
});

/** The public layout's pages: the full app's route map and the public entry both draw from this list. */
export const PUBLIC_PAGES: readonly PublicPage[] = [
  { path: ROUTES.landing, ...page(() => import('../pages/LandingPage.tsx'), 'LandingPage') },
  { path: ROUTES.auth, signedOutOnly: true, ...page(() => import('../pages/auth/AuthPage.tsx'), 'AuthPage') },
  {
    path: ROUTES.adminAccess,
    signedOutOnly: true,
    ...page(() => import('../pages/auth/AdminAccessPage.tsx'), 'AdminAccessPage'),
  },
  {
    path: ROUTES.masterLogin,
    signedOutOnly: true,
    ...page(() => import('../pages/auth/MasterLoginPage.tsx'), 'MasterLoginPage'),
  },
  {
    path: ROUTES.forgotPassword,
    signedOutOnly: true,
    ...page(() => import('../pages/auth/ForgotPasswordPage.tsx'), 'ForgotPasswordPage'),
  },
  { path: HANDOFF_PATH, needsApp: true, ...page(() => import('../pages/auth/HandoffPage.tsx'), 'HandoffPage') },
  {
    path: FEEDBACK_SIGN_IN_PATH,
    needsApp: true,
    ...page(() => import('../pages/auth/FeedbackSignInPage.tsx'), 'FeedbackSignInPage'),
  },
  {
    path: ROUTES.updatePassword,
    needsApp: true,
    ...page(() => import('../pages/auth/UpdatePasswordPage.tsx'), 'UpdatePasswordPage'),
  },
  { path: ROUTES.privacy, ...page(() => import('../pages/info/PrivacyPage.tsx'), 'PrivacyPage') },
  { path: ROUTES.terms, ...page(() => import('../pages/info/TermsPage.tsx'), 'TermsPage') },
  { path: ROUTES.contact, ...page(() => import('../pages/info/ContactPage.tsx'), 'ContactPage') },
  { path: ROUTES.appSummary, needsApp: true, ...page(() => import('../pages/info/AppSummaryPage.tsx'), 'AppSummaryPage') },
  {
    path: ROUTES.purchaseCancelled,
    ...page(() => import('../pages/info/PurchaseCancelledPage.tsx'), 'PurchaseCancelledPage'),
  },
  { path: ROUTES.products, needsApp: true, ...page(() => import('../pages/purchase/ProductsPage.tsx'), 'ProductsPage') },
  { path: ROUTES.product, needsApp: true, ...page(() => import('../pages/purchase/ProductPage.tsx'), 'ProductPage') },
  {
    path: ROUTES.purchaseSuccess,
    needsApp: true,
    ...page(() => import('../pages/purchase/PurchaseSuccessPage.tsx'), 'PurchaseSuccessPage'),
  },
  { path: ROUTES.freeTools, ...page(() => import('../pages/tools/FreeToolsPage.tsx'), 'FreeToolsPage') },
  {
    path: ROUTES.headlineAnalyzer,
    ...page(() => import('../pages/tools/HeadlineAnalyzerPage.tsx'), 'HeadlineAnalyzerPage'),
  },
  { path: ROUTES.colorPalette, ...page(() => import('../pages/tools/ColorPalettePage.tsx'), 'ColorPalettePage') },
  { path: ROUTES.loremIpsum, ...page(() => import('../pages/tools/LoremIpsumPage.tsx'), 'LoremIpsumPage') },
];

/** The page the public entry draws at this path, or undefined when the full app must (its own pages, or a page that needs it). */
export const publicEntryPage = (pathname: string): PublicPage | undefined =>
  PUBLIC_PAGES.find((candidate) => candidate.path === pathname && !candidate.needsApp);
