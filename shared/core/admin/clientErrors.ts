import { z } from 'zod';
import { routePatternOf } from '../routes.ts';

/**
 * A page error as the apps report it (report-error Edge Function → monitoring_events): what went
 * wrong and where, never what the user wrote. The route is the pattern (`/workspace/:workspaceId`),
 * so ids stay out; the message is cut short. Pure.
 */

const CLIENT_ERROR_SURFACES = ['dashboard', 'sidepanel', 'popup'] as const;
export type ClientErrorSurface = (typeof CLIENT_ERROR_SURFACES)[number];

const MAX_CLIENT_ERROR_MESSAGE = 300;

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

/**
 * The report of an error thrown while drawing `path`: a dashboard address (reduced to its route
 * pattern), or the extension's view (`/sidepanel/chat`, `/popup`: fixed names, no ids).
 */
export function clientErrorReport(error: unknown, path: string, release: string, surface: ClientErrorSurface): ClientErrorReport {
  const raw = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const message = raw.replace(/\s+/g, ' ').trim().slice(0, MAX_CLIENT_ERROR_MESSAGE) || 'Unknown error';
  const route = surface === 'dashboard' ? (routePatternOf(path) ?? '/unknown') : /^\/[\w\-/]{0,100}$/.test(path) ? path : '/unknown';
  return { message, route, release: /^[\w.+-]{1,64}$/.test(release) ? release : 'unknown', surface };
}
