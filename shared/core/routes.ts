/**
 * The route map and its routing rules. Pure: no browser, React or Supabase imports.
 */

export const ROUTES = {
  // Public
  landing: '/',
  auth: '/auth',
  adminAccess: '/admin-access',
  masterLogin: '/master-login',
  forgotPassword: '/forgot-password',
  /**
   * Back-link target of the forgot-password page. Not a route of its own in the
   * route map, so it is not listed in PUBLIC_ROUTES; the dashboard decides how to serve it.
   */
  login: '/login',
  updatePassword: '/update-password',
  support: '/support',
  privacy: '/privacy',
  terms: '/terms',
  contact: '/contact',
  appSummary: '/app-summary',
  /** The storefront: every digital product for sale. */
  products: '/products',
  product: '/product/:productId',
  purchaseSuccess: '/purchase-success',
  purchaseCancelled: '/purchase-cancelled',
  freeTools: '/free-tools',
  headlineAnalyzer: '/free-tools/headline-analyzer',
  colorPalette: '/free-tools/color-palette',
  loremIpsum: '/free-tools/lorem-ipsum',

  // Signed-in only
  dashboard: '/dashboard',
  /** Sidebar entry and dashboard card. */
  aiTools: '/ai-tools',
  manageFolders: '/manage-folders',
  /** The prompt stacks. */
  promptStacks: '/prompts',
  workflows: '/workflows',
  /** The builder: a new workflow (?template=<id> starts from a template's copy), or a saved one. */
  workflowNew: '/workflows/new',
  workflowEdit: '/workflows/:workflowId/edit',
  /** Run a saved workflow or a built-in template, with its run history. */
  workflowRun: '/workflows/:workflowId',
  workflowTemplateRun: '/workflows/templates/:templateId',
  /** One run, reopened from the history: its steps, retry, edit and continue. */
  workflowRunDetail: '/workflows/runs/:runId',
  myPrompts: '/my-prompts',
  training: '/training',
  adminDashboard: '/admin/dashboard',
  adminUsers: '/admin/users',
  aiFeatures: '/ai-features',
  /** Questions across the knowledge base, answered with sources. */
  smartQueries: '/ai-features/smart-queries',
  /** A document's summary, key points, entities and questions, then a chat about it. */
  documentAnalysis: '/ai-features/document-analysis',
  /** The offer builder. */
  offerBuilder: '/prompt-stacks',
  pitchDeck: '/pitch-deck',
  savedIdeas: '/saved-ideas',
  knowledgeBase: '/knowledge-base',
  documentGenerator: '/document-generator',
  /** Every generated picture (the gallery under Documents): make, download, delete. */
  imageGallery: '/document-generator/images',
  promptsLibrary: '/prompts-library',
  recommendedPrompts: '/recommended-prompts',
  settings: '/settings',
  /** What the user's AI calls cost (the usage ledger), with budgets and prices of their own (?tab=settings). */
  usage: '/usage',
  billing: '/billing',
  runPrompt: '/run-prompt/:promptId',
  /** One stored conversation, to read and continue. */
  conversation: '/conversations/:conversationId',
  /** Every prompt run and every conversation (two tabs), one step from the sidebar. */
  history: '/history',
  fileManager: '/file-manager',
  workspace: '/workspace/:workspaceId',
  /** Where a share invitation's link lands (the token in the fragment). */
  sharedAccept: '/shared/accept',
  /** The team's members, roles and invitations (what Team gives, for others). */
  teamSettings: '/settings/team',
  /** Where a team invitation's link lands (the token in the fragment). */
  teamAccept: '/team/accept',
} as const;

type RouteName = keyof typeof ROUTES;
export type RoutePattern = (typeof ROUTES)[RouteName];

export const PUBLIC_ROUTES: readonly RoutePattern[] = [
  ROUTES.landing,
  ROUTES.auth,
  ROUTES.adminAccess,
  ROUTES.masterLogin,
  ROUTES.forgotPassword,
  ROUTES.updatePassword,
  ROUTES.support,
  ROUTES.privacy,
  ROUTES.terms,
  ROUTES.contact,
  ROUTES.appSummary,
  ROUTES.products,
  ROUTES.product,
  ROUTES.purchaseSuccess,
  ROUTES.purchaseCancelled,
  ROUTES.freeTools,
  ROUTES.headlineAnalyzer,
  ROUTES.colorPalette,
  ROUTES.loremIpsum,
];

/** A signed-out visitor on one of these is sent to /auth. */
export const PROTECTED_ROUTES: readonly RoutePattern[] = [
  ROUTES.dashboard,
  ROUTES.aiTools,
  ROUTES.manageFolders,
  ROUTES.promptStacks,
  ROUTES.workflows,
  ROUTES.workflowNew,
  ROUTES.workflowEdit,
  ROUTES.workflowRun,
  ROUTES.workflowTemplateRun,
  ROUTES.workflowRunDetail,
  ROUTES.myPrompts,
  ROUTES.training,
  ROUTES.adminDashboard,
  ROUTES.adminUsers,
  ROUTES.aiFeatures,
  ROUTES.smartQueries,
  ROUTES.documentAnalysis,
  ROUTES.offerBuilder,
  ROUTES.pitchDeck,
  ROUTES.savedIdeas,
  ROUTES.knowledgeBase,
  ROUTES.documentGenerator,
  ROUTES.imageGallery,
  ROUTES.promptsLibrary,
  ROUTES.recommendedPrompts,
  ROUTES.settings,
  ROUTES.usage,
  ROUTES.billing,
  ROUTES.runPrompt,
  ROUTES.conversation,
  ROUTES.history,
  ROUTES.fileManager,
  ROUTES.workspace,
  ROUTES.sharedAccept,
  ROUTES.teamSettings,
  ROUTES.teamAccept,
];

/** A signed-in user visiting one of these is sent to /dashboard. */
export const SIGNED_IN_REDIRECTS: readonly RoutePattern[] = [ROUTES.auth, ROUTES.masterLogin, ROUTES.forgotPassword, ROUTES.adminAccess];

const enc = encodeURIComponent;

export const productPath = (productId: string): string => `/product/${enc(productId)}`;
export const runPromptPath = (promptId: string): string => `/run-prompt/${enc(promptId)}`;
export const conversationPath = (conversationId: string): string => `/conversations/${enc(conversationId)}`;
export const workflowEditPath = (workflowId: string): string => `/workflows/${enc(workflowId)}/edit`;
export const workflowRunPath = (workflowId: string): string => `/workflows/${enc(workflowId)}`;
export const workflowTemplateRunPath = (templateId: string): string => `/workflows/templates/${enc(templateId)}`;
export const workflowRunDetailPath = (runId: string): string => `/workflows/runs/${enc(runId)}`;
export const workspacePath = (workspaceId: string): string => `/workspace/${enc(workspaceId)}`;

/** Strips query, hash and trailing slashes (the root stays '/'). */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  const trimmed = bare.replace(/\/+$/, '');
  return trimmed.startsWith('/') ? trimmed || '/' : `/${trimmed}`;
}

/** Whether a concrete path matches a pattern with `:param` segments (exact segment count). */
export function matchesRoute(pattern: string, path: string): boolean {
  const want = normalizePath(pattern).split('/');
  const have = normalizePath(path).split('/');
  if (want.length !== have.length) return false;
  return want.every((segment, i) => {
    const actual = have[i] ?? '';
    return segment.startsWith(':') ? actual.length > 0 : segment === actual;
  });
}

const matchesAny = (patterns: readonly string[], path: string): boolean => patterns.some((pattern) => matchesRoute(pattern, path));

export const isPublicPath = (path: string): boolean => matchesAny(PUBLIC_ROUTES, path);
export const isProtectedPath = (path: string): boolean => matchesAny(PROTECTED_ROUTES, path);
export const isKnownPath = (path: string): boolean => isPublicPath(path) || isProtectedPath(path);

/** Where unknown paths go: /dashboard when signed in, otherwise /. */
export function unknownPathTarget(signedIn: boolean): string {
  return signedIn ? ROUTES.dashboard : ROUTES.landing;
}

/** Where the header logo links: /dashboard when signed in, otherwise /. */
export function logoTarget(signedIn: boolean): string {
  return signedIn ? ROUTES.dashboard : ROUTES.landing;
}

/**
 * The `next` target of /auth?next=… when it is safe to follow: a path on this site
 * (starts with one '/', no scheme, no backslash), and not a sign-in page itself. Otherwise null.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  if ([...next].some((c) => c.charCodeAt(0) < 0x20)) return null;
  const path = normalizePath(next);
  if (matchesAny(SIGNED_IN_REDIRECTS, path)) return null;
  return next;
}

/** /auth with a `next` pointing back to where the visitor was (so signing in comes back there). */
export function authPathFor(from: string): string {
  const next = safeNextPath(from);
  return next && next !== ROUTES.landing ? `${ROUTES.auth}?next=${enc(next)}` : ROUTES.auth;
}

/**
 * Sidebar highlighting: an entry is active when the path equals its route or lies
 * under it; exact entries and the root only on equality. "Under" means a whole segment, so
 * /prompts is not active on /prompts-library.
 */
export function isNavEntryActive(route: string, pathname: string, exact = false): boolean {
  const target = normalizePath(route);
  const path = normalizePath(pathname);
  if (path === target) return true;
  if (exact || target === ROUTES.landing) return false;
  return path.startsWith(`${target}/`);
}

const ALL_PATTERNS: readonly string[] = Object.values(ROUTES);

/** The route pattern a path is drawn by (exact paths first: '/workflows/new' is not '/workflows/:workflowId'); null for none. */
export function routePatternOf(path: string): string | null {
  const bare = normalizePath(path);
  return ALL_PATTERNS.find((p) => p === bare) ?? ALL_PATTERNS.find((p) => matchesRoute(p, bare)) ?? null;
}
