import type { StackContext } from '../context.ts';
import { AuthError } from './errors.ts';
import { clientIp } from './tokens.ts';

export type LimitClass = 'signIn' | 'signUp' | 'recover' | 'emailSent' | 'verify';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** Verifications are counted over five minutes, as GoTrue's RATE_LIMIT_VERIFY; the rest per hour. */
const WINDOW: Record<LimitClass, number> = { signIn: HOUR, signUp: HOUR, recover: HOUR, emailSent: HOUR, verify: 5 * MINUTE };

/** Defaults for the limits a configuration may leave out. */
const DEFAULT_VERIFY_LIMIT = 30;
const DEFAULT_FAILED_SIGN_INS_PER_ACCOUNT = 20;
/** Wrong codes for one address before its code stops working (a new one must be requested). */
const MAX_FAILED_CODES = 5;

const overLimit = () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');

/**
 * Sliding-window request counters, like GoTrue's per-IP limits (GOTRUE_RATE_LIMIT_*). The e-mail
 * limit is project-wide as in GoTrue (RATE_LIMIT_EMAIL_SENT); the others are per client IP. On top,
 * per account: failed password sign-ins (so spreading guesses over many addresses does not help)
 * and wrong e-mail codes (a code is dropped after a few misses, so it cannot be guessed).
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly ctx: StackContext) {}

  private recent(key: string, window: number): number[] {
    const now = Date.now();
    const recent = (this.hits.get(key) ?? []).filter((t) => now - t < window);
    this.hits.set(key, recent);
    return recent;
  }

  private take(key: string, limit: number, window = HOUR): boolean {
    const recent = this.recent(key, window);
    if (recent.length >= limit) return false;
    recent.push(Date.now());
    return true;
  }

  private limitOf(kind: LimitClass): number {
    const limits = this.ctx.config.rateLimits;
    return kind === 'verify' ? (limits.verify ?? DEFAULT_VERIFY_LIMIT) : limits[kind];
  }

  /** Counts one request of the class from this client; throws 429 past the configured limit. */
  check(kind: Exclude<LimitClass, 'emailSent'>, req: Request): void {
    if (!this.take(`${kind}:${clientIp(req, this.ctx.config)}`, this.limitOf(kind), WINDOW[kind])) throw overLimit();
  }

  /** Throws when no e-mail could be sent right now (without counting one): lets routes fail before writing. */
  assertEmailAvailable(): void {
    if (this.recent('emailSent', HOUR).length >= this.ctx.config.rateLimits.emailSent) {
      throw new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded');
    }
  }

  /** Counts one outgoing e-mail; throws 429 over_email_send_rate_limit past the limit. */
  checkEmail(): void {
    if (!this.take('emailSent', this.ctx.config.rateLimits.emailSent)) {
      throw new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded');
    }
  }

  private failedSignInLimit(): number {
    return this.ctx.config.rateLimits.failedSignInsPerAccount ?? DEFAULT_FAILED_SIGN_INS_PER_ACCOUNT;
  }

  /** Throws 429 while an account has had too many failed sign-ins this hour, from any address. */
  assertAccountOpen(email: string): void {
    if (this.recent(`failedSignIn:${email.toLowerCase()}`, HOUR).length >= this.failedSignInLimit()) throw overLimit();
  }

  /** Counts a failed sign-in; true when this one locked the account (once per lockout). */
  recordFailedSignIn(email: string): boolean {
    const key = `failedSignIn:${email.toLowerCase()}`;
    this.take(key, Number.POSITIVE_INFINITY);
    return this.recent(key, HOUR).length === this.failedSignInLimit();
  }

  /** Counts a wrong code for an address; true once it has had too many (its code must be dropped). */
  recordFailedCode(email: string): boolean {
    const key = `failedCode:${email.toLowerCase()}`;
    this.take(key, Number.POSITIVE_INFINITY);
    return this.recent(key, HOUR).length >= MAX_FAILED_CODES;
  }

  clearFailedCodes(email: string): void {
    this.hits.delete(`failedCode:${email.toLowerCase()}`);
  }
}
