import { z } from 'zod';
import { matchesRoute, normalizePath, ROUTES } from '../routes.ts';

/**
 * A page error as the apps report it (report-error Edge Function → monitoring_events): what went
 * wrong and where, never what the user wrote. The route is the pattern (`/workspace/:workspaceId`),
 * so ids stay out; the message is cut short. Pure.
 */

export const CLIENT_ERROR_SURFACES = ['dashboard', 'sidepanel', 'popup'] as const;
export type ClientErrorSurface = (typeof CLIENT_ERROR_SURFACES)[number];

export const MAX_CLIENT_ERROR_MESSAGE = 300;

export const clientErrorReportSchema = z.object({
  message: z.string().trim().min(1).max(MAX_CLIENT_ERROR_MESSAGE),
  route: z
    .string()
    .max(200)
    .regex(/^\/[\w\-/:.]*$/),
  release: z
    .string()
    .max(64)
    .regex(/^[\w.+-]+$/),
  surface: z.enum(CLIENT_ERROR_SURFACES),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;

const KNOWN_PATTERNS: readonly string[] = Object.values(ROUTES);

/** The route pattern a path is drawn by; a path no route knows becomes '/unknown'. */
export function routePatternOf(path: string): string {
  const bare = normalizePath(path);
  // Exact paths first: '/workflows/new' is its own route, not '/workflows/:workflowId'.
  return KNOWN_PATTERNS.find((p) => p === bare) ?? KNOWN_PATTERNS.find((p) => matchesRoute(p, bare)) ?? '/unknown';
}

/**
 * The report of an error thrown while drawing `path`: a dashboard address (reduced to its route
 * pattern), or the extension's view (`/sidepanel/chat`, `/popup`: fixed names, no ids).
 */
export function clientErrorReport(error: unknown, path: string, release: string, surface: ClientErrorSurface): ClientErrorReport {
  const raw = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const message = raw.replace(/\s+/g, ' ').trim().slice(0, MAX_CLIENT_ERROR_MESSAGE) || 'Unknown error';
  const route = surface === 'dashboard' ? routePatternOf(path) : /^\/[\w\-/]{0,100}$/.test(path) ? path : '/unknown';
  return { message, route, release: /^[\w.+-]{1,64}$/.test(release) ? release : 'unknown', surface };
}
