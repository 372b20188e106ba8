import type { StackContext } from '../context.ts';
import type { RateLimiter } from './rate-limit.ts';

/** What every auth route gets. */
export interface AuthDeps {
  ctx: StackContext;
  limiter: RateLimiter;
}

export type AuthRoute = (deps: AuthDeps, req: Request, params: string[]) => Promise<Response>;
