import type { ServiceHandler, StackContext } from '../context.ts';
import { isPgError } from '../db/types.ts';
import { admin } from './admin.ts';
import { AuthError, authJson, errorResponse } from './errors.ts';
import { manualLinkingDisabled, sso, wellKnownJwks } from './identities.ts';
import { mfa } from './mfa.ts';
import { authorize, callback, health, settings } from './oauth.ts';
import { RateLimiter } from './rate-limit.ts';
import { otp, recover, resend, signup } from './signup.ts';
import { token } from './token.ts';
import type { AuthDeps, AuthRoute } from './types.ts';
import { getUser, logout, updateUser } from './user-routes.ts';
import { verifyGet, verifyPost } from './verify.ts';

type Table = { method: string; pattern: RegExp; route: AuthRoute }[];

const ID = '([^/]+)';
const ROUTES: Table = [
  { method: 'GET', pattern: /^\/health$/, route: health },
  { method: 'GET', pattern: /^\/settings$/, route: settings },
  { method: 'POST', pattern: /^\/signup$/, route: signup },
  { method: 'POST', pattern: /^\/token$/, route: token },
  { method: 'GET', pattern: /^\/verify$/, route: verifyGet },
  { method: 'POST', pattern: /^\/verify$/, route: verifyPost },
  { method: 'POST', pattern: /^\/recover$/, route: recover },
  { method: 'POST', pattern: /^\/otp$/, route: otp },
  { method: 'POST', pattern: /^\/magiclink$/, route: otp },
  { method: 'POST', pattern: /^\/resend$/, route: resend },
  { method: 'GET', pattern: /^\/user$/, route: getUser },
  { method: 'PUT', pattern: /^\/user$/, route: updateUser },
  { method: 'POST', pattern: /^\/logout$/, route: logout },
  { method: 'GET', pattern: /^\/user\/identities\/authorize$/, route: manualLinkingDisabled },
  { method: 'DELETE', pattern: new RegExp(`^/user/identities/${ID}$`), route: manualLinkingDisabled },
  { method: 'GET', pattern: /^\/\.well-known\/jwks\.json$/, route: wellKnownJwks },
  { method: 'GET', pattern: /^\/sso(?:\/.*)?$/, route: sso },
  { method: 'POST', pattern: /^\/sso(?:\/.*)?$/, route: sso },
  { method: 'GET', pattern: /^\/authorize$/, route: authorize },
  { method: 'GET', pattern: /^\/callback$/, route: callback },
  { method: 'POST', pattern: /^\/callback$/, route: callback },
  { method: 'POST', pattern: /^\/factors$/, route: mfa.enroll },
  { method: 'POST', pattern: new RegExp(`^/factors/${ID}/challenge$`), route: mfa.challenge },
  { method: 'POST', pattern: new RegExp(`^/factors/${ID}/verify$`), route: mfa.verify },
  { method: 'DELETE', pattern: new RegExp(`^/factors/${ID}$`), route: mfa.unenroll },
  { method: 'POST', pattern: /^\/invite$/, route: admin.invite },
  { method: 'GET', pattern: /^\/admin\/users$/, route: admin.list },
  { method: 'POST', pattern: /^\/admin\/users$/, route: admin.create },
  { method: 'GET', pattern: new RegExp(`^/admin/users/${ID}$`), route: admin.get },
  { method: 'PUT', pattern: new RegExp(`^/admin/users/${ID}$`), route: admin.update },
  { method: 'DELETE', pattern: new RegExp(`^/admin/users/${ID}$`), route: admin.remove },
  { method: 'GET', pattern: new RegExp(`^/admin/users/${ID}/factors$`), route: admin.listFactors },
  { method: 'DELETE', pattern: new RegExp(`^/admin/users/${ID}/factors/${ID}$`), route: admin.deleteFactor },
  { method: 'POST', pattern: /^\/admin\/generate_link$/, route: admin.generateLink },
];

export function createRouter(ctx: StackContext): ServiceHandler {
  const deps: AuthDeps = { ctx, limiter: new RateLimiter(ctx) };
  return async (req, rawPath) => {
    const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
    let pathMatched = false;
    for (const { method, pattern, route } of ROUTES) {
      const match = pattern.exec(path);
      if (!match) continue;
      pathMatched = true;
      if (method !== req.method && !(method === 'GET' && req.method === 'HEAD')) continue;
      try {
        return await route(deps, req, match.slice(1).map(decodeURIComponent));
      } catch (error) {
        if (error instanceof AuthError) return errorResponse(error);
        if (isPgError(error) && error.code === '22P02') {
          return errorResponse(new AuthError(400, 'validation_failed', 'Invalid input syntax'));
        }
        console.error('[auth] unexpected error', error);
        return errorResponse(new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'));
      }
    }
    if (pathMatched) return errorResponse(new AuthError(405, 'method_not_allowed', 'Method not allowed'));
    return authJson({ code: 404, error_code: 'not_found', msg: 'Not Found' }, 404);
  };
}
