import type { ServiceHandler, StackContext } from '../context.ts';
import { createRouter } from './router.ts';

/** /auth/v1: a GoTrue v2-compatible auth API (see router.ts for the endpoints). */
export function createAuthHandler(ctx: StackContext): ServiceHandler {
  return createRouter(ctx);
}
