import { optionalEnv } from './http.ts';
import { pinnedFetch, publicTarget, RefusedAddress, systemResolve } from './pinnedFetch.ts';

/**
 * A user's custom OpenAI-compatible server (Ollama, LM Studio) called from our servers: only at a
 * public address (a server on the user's own computer or network is out of our servers' reach, and
 * letting a user point them at private addresses would open the private network to anyone). The
 * address is checked before anything is spent and the connection pinned to the checked address.
 * CUSTOM_AI_ALLOW_PRIVATE=true lifts the rule on a developer's own machine.
 */

const CUSTOM_SERVER_UNREACHABLE =
  'Your custom AI server is on your own computer or private network, which our servers cannot reach. Run this from the dashboard or the side panel, or use a provider on the internet.';

const allowPrivate = () => optionalEnv('CUSTOM_AI_ALLOW_PRIVATE') === 'true';

/** Why the server cannot call this custom base URL (one sentence for the user), or null when it can. */
export async function customServerRefusal(baseUrl: string): Promise<string | null> {
  try {
    await publicTarget(new URL(baseUrl), systemResolve, allowPrivate());
    return null;
  } catch (error) {
    if (!(error instanceof RefusedAddress)) throw error;
    return /private network/.test(error.message) ? CUSTOM_SERVER_UNREACHABLE : error.message;
  }
}

/** The fetch a server-side call to a custom base URL goes through: pinned to the checked public address. */
export const customServerFetch = (): typeof fetch => pinnedFetch(systemResolve, allowPrivate());
