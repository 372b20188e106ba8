import { authJson, notFound } from './errors.ts';
import { authenticate } from './tokens.ts';
import type { AuthRoute } from './types.ts';

/**
 * GET /user/identities/authorize (linkIdentity) and DELETE /user/identities/{id} (unlinkIdentity):
 * GoTrue's answer with manual linking off, the CLI's default and the app's setting.
 */
export const manualLinkingDisabled: AuthRoute = async ({ ctx }, req) => {
  await authenticate(ctx, req);
  throw notFound('manual_linking_disabled', 'Manual linking is disabled');
};

/** POST /sso (signInWithSSO): SAML is not offered locally, so GoTrue's answer when SAML is off. */
export const sso: AuthRoute = async () => {
  throw notFound('saml_provider_disabled', 'SAML 2.0 is disabled');
};

/** GET /.well-known/jwks.json: the public signing keys, none as on a project whose tokens are HS256-signed. */
export const wellKnownJwks: AuthRoute = async () => authJson({ keys: [] }, 200, { 'cache-control': 'public, max-age=600' });
