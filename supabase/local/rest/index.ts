import type { StackContext } from '../context.ts';
import { createHandler, type RestHandler } from './handler.ts';

export type { RestHandler } from './handler.ts';
export type { RestResponse } from './http.ts';

/** PostgREST-compatible /rest/v1 over the `public` schema (introspected; cached; lazily reloaded). */
export function createRestHandler(ctx: StackContext): RestHandler {
  return createHandler(ctx);
}
