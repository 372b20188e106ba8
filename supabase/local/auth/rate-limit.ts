import type { StackContext } from '../context.ts';
import { AuthError } from './errors.ts';
import { clientIp } from './tokens.ts';

export type LimitClass = 'signIn' | 'signUp' | 'recover' | 'emailSent';

const HOUR = 60 * 60 * 1000;

/**
 * Sliding-hour request counters, like GoTrue's per-IP limits (GOTRUE_RATE_LIMIT_*). The e-mail limit is
 * project-wide as in GoTrue (RATE_LIMIT_EMAIL_SENT); the others are per client IP.
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly ctx: StackContext) {}

  private take(key: string, limit: number): boolean {
    const now = Date.now();
    const recent = (this.hits.get(key) ?? []).filter((t) => now - t < HOUR);
    if (recent.length >= limit) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(now);
    this.hits.set(key, recent);
    return true;
  }

  /** Counts one request of the class from this client; throws 429 past the configured hourly limit. */
  check(kind: Exclude<LimitClass, 'emailSent'>, req: Request): void {
    const limit = this.ctx.config.rateLimits[kind];
    if (!this.take(`${kind}:${clientIp(req)}`, limit)) {
      throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
    }
  }

  /** Throws when no e-mail could be sent right now (without counting one): lets routes fail before writing. */
  assertEmailAvailable(): void {
    const now = Date.now();
    const recent = (this.hits.get('emailSent') ?? []).filter((t) => now - t < HOUR);
    if (recent.length >= this.ctx.config.rateLimits.emailSent) {
      throw new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded');
    }
  }

  /** Counts one outgoing e-mail; throws 429 over_email_send_rate_limit past the limit. */
  checkEmail(): void {
    if (!this.take('emailSent', this.ctx.config.rateLimits.emailSent)) {
      throw new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded');
    }
  }
}
