import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../helpers/stack.ts';
import { decodeJwt, fakeGoogleConfig, fragment, location, memoryClient, uniqueEmail } from './auth-helpers.ts';

/** GoTrue behaviour with manual linking turned on. */
let stack: TestStack;
let fake: Server;

/** Google's token and userinfo endpoints: the code names the profile. */
const profiles: Record<string, { sub: string; email: string; email_verified: boolean; name: string }> = {
  'code-link': { sub: 'g-link-1', email: 'linked@gmail.example', email_verified: true, name: 'Linked' },
};

beforeAll(async () => {
  fake = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      res.setHeader('content-type', 'application/json');
      if (url.pathname === '/token') {
        const code = new URLSearchParams(body).get('code') ?? '';
        res.end(JSON.stringify({ access_token: `at-${code}`, token_type: 'Bearer' }));
        return;
      }
      const profile = profiles[(req.headers.authorization ?? '').replace(/^Bearer at-/, '')];
      res.statusCode = profile ? 200 : 401;
      res.end(JSON.stringify(profile ?? {}));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  stack = await startTestStack({
    config: {
      manualLinking: true,
      google: fakeGoogleConfig(fakeUrl),
    },
  });
});
afterAll(async () => {
  await stack?.close();
  await new Promise((resolve) => fake?.close(resolve));
});

async function signedIn(): Promise<{ client: ReturnType<typeof memoryClient>; email: string; id: string }> {
  const email = uniqueEmail('features');
  const { data } = await stack.service().auth.admin.createUser({ email, password: 'secret-123', email_confirm: true });
  const client = memoryClient(stack);
  const { error } = await client.auth.signInWithPassword({ email, password: 'secret-123' });
  expect(error).toBeNull();
  return { client, email, id: data.user!.id };
}

/** Follows a linkIdentity URL through the fake Google back to the stack's callback; the app URL it ends on. */
async function completeGoogle(url: string, code: string): Promise<URL> {
  const state = new URL(url).searchParams.get('state')!;
  return location(`${stack.url}/auth/v1/callback?code=${code}&state=${encodeURIComponent(state)}`);
}

describe('identities: link and unlink', () => {
  it('links Google to the signed-in user, lists both identities, unlinks it, refuses the last one', async () => {
    const { client, id } = await signedIn();
    const { data, error } = await client.auth.linkIdentity({
      provider: 'google',
      options: { redirectTo: 'http://localhost:5173/linked', skipBrowserRedirect: true },
    });
    expect(error).toBeNull();
    const back = await completeGoogle(data.url!, 'code-link');
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost:5173/linked');
    expect(decodeJwt(fragment(back).get('access_token')!).sub).toBe(id);

    const { data: listed } = await client.auth.getUserIdentities();
    expect(listed!.identities.map((identity) => identity.provider).sort()).toEqual(['email', 'google']);
    const { data: user } = await stack.service().auth.admin.getUserById(id);
    expect(user.user?.app_metadata.providers).toEqual(['email', 'google']);

    const google = listed!.identities.find((identity) => identity.provider === 'google')!;
    expect((await client.auth.unlinkIdentity(google)).error).toBeNull();
    const { data: after } = await client.auth.getUserIdentities();
    expect(after!.identities.map((identity) => identity.provider)).toEqual(['email']);
    const last = await client.auth.unlinkIdentity(after!.identities[0]!);
    expect(last.error).toMatchObject({
      status: 422,
      code: 'single_identity_not_deletable',
      message: 'User must have at least 1 identity after unlinking',
    });
  });

  it('refuses a Google identity already linked to another user, and an unknown identity id', async () => {
    const first = await signedIn();
    const { data } = await first.client.auth.linkIdentity({ provider: 'google', options: { skipBrowserRedirect: true } });
    await completeGoogle(data.url!, 'code-link');
    const second = await signedIn();
    const { data: again } = await second.client.auth.linkIdentity({ provider: 'google', options: { skipBrowserRedirect: true } });
    const refused = fragment(await completeGoogle(again.url!, 'code-link'));
    expect(refused.get('error_code')).toBe('identity_already_exists');
    expect(refused.get('error_description')).toBe('Identity is already linked to another user');

    const { data: own } = await first.client.auth.getUserIdentities();
    const stranger = { ...own!.identities[0]!, identity_id: crypto.randomUUID() };
    const missing = await first.client.auth.unlinkIdentity(stranger);
    expect(missing.error).toMatchObject({ status: 422, code: 'identity_not_found', message: "Identity doesn't exist" });
  });
});
