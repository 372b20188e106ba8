import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKFLOW_DEFINITION_VERSION } from '@/shared/core/workflows/definition.ts';
import { createWorkflow } from '@/shared/data/workflows.ts';
import { createFetchUrl } from '@/supabase/functions/fetch-url/handler.ts';
import type { Resolve } from '@/supabase/functions/_shared/pinnedFetch.ts';
import { functionEnv } from '@/supabase/local/functions.ts';
import { promptStep } from '../fixtures/workflows.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { must, person, type Person } from './documents-helpers.ts';

/**
 * Server-side requests to addresses users type cannot reach our private network: a custom AI
 * server at a private, loopback or link-local address (cloud metadata), or a name that resolves
 * to one, is refused by generate-document and run-workflow before any request leaves; fetch-url
 * checks every redirect hop, so a public page redirecting inward is refused too. No development
 * override is set here (no AI_BASE_URLS, no CUSTOM_AI_ALLOW_PRIVATE, no FETCH_URL_ALLOW_PRIVATE).
 */

const UNREACHABLE =
  'Your custom AI server is on your own computer or private network, which our servers cannot reach. Run this from the dashboard or the side panel, or use a provider on the internet.';
const PRIVATE_PAGE = 'That address is on a private network and cannot be read.';

let stack: TestStack;
let me: Person;
let token: string;
/** A server on this machine standing in for a private service: it must never be asked anything. */
let inside: Server;
let insidePort: number;
let insideHits = 0;

beforeAll(async () => {
  for (const name of ['AI_BASE_URLS', 'CUSTOM_AI_ALLOW_PRIVATE', 'FETCH_URL_ALLOW_PRIVATE']) delete process.env[name];
  stack = await startTestStack();
  me = await person(stack, 'ssrf');
  token = (await me.client.auth.getSession()).data.session!.access_token;
  inside = createServer((_req, res) => {
    insideHits += 1;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"secret":"internal"}');
  });
  await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
  insidePort = (inside.address() as AddressInfo).port;
});
afterAll(async () => {
  await stack?.close();
  await new Promise((resolve) => inside?.close(resolve));
});

const call = async (name: string, body: unknown) => {
  const res = await fetch(`${stack.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: { apikey: stack.config.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as unknown };
};

const privateServers = () => [
  'http://169.254.169.254/latest/v1', // cloud metadata (link-local)
  'http://10.20.30.40:11434/v1',
  'http://[::1]:11434/v1',
  `http://127.0.0.1:${insidePort}/v1`,
  `http://localhost:${insidePort}/v1`, // a name resolving to loopback
  `http://[::ffff:127.0.0.1]:${insidePort}/v1`,
];

describe(`server-side requests stay out of private networks (${testDbKind})`, () => {
  it('generate-document refuses a custom AI server at a private address, before any request', async () => {
    for (const customBaseUrl of privateServers()) {
      const answer = await call('generate-document', {
        prompt: 'A launch plan',
        templateId: 'blog_post',
        provider: 'chatgpt_custom',
        model: 'llama3',
        apiKey: 'local',
        customBaseUrl,
        folderId: null,
      });
      expect(answer, customBaseUrl).toEqual({ status: 400, body: { error: UNREACHABLE, code: 'custom_server_unreachable' } });
    }
    expect(insideHits).toBe(0);
  });

  it('run-workflow refuses a custom AI server at a private address, before any request', async () => {
    const workflow = must(
      await createWorkflow(me.client, {
        name: 'Inward',
        description: '',
        definition: {
          version: WORKFLOW_DEFINITION_VERSION,
          provider: 'chatgpt_custom',
          model: 'llama3',
          steps: [promptStep('only', 'Say hello.')],
        },
      }),
    );
    for (const customBaseUrl of privateServers()) {
      const answer = await call('run-workflow', {
        action: 'start',
        workflowId: workflow.id,
        fieldValues: {},
        trigger: 'dashboard',
        provider: 'chatgpt_custom',
        model: 'llama3',
        apiKey: 'local',
        customBaseUrl,
      });
      expect(answer, customBaseUrl).toEqual({ status: 400, body: { error: UNREACHABLE, code: 'custom_server_unreachable' } });
    }
    expect(insideHits).toBe(0);
  });

  it('fetch-url refuses a public page that redirects to a private address', async () => {
    // The handler runs in this process to be given the network: "public.example" resolves to a
    // public address, and that address is this test's own public site, which redirects inward.
    Object.assign(process.env, functionEnv(stack.config));
    const site = createServer((req, res) => {
      const inward: Record<string, string> = {
        '/to-loopback': `http://127.0.0.1:${insidePort}/secret`,
        '/to-name': `http://localhost:${insidePort}/secret`,
        '/to-metadata': 'http://169.254.169.254/latest/meta-data',
        '/to-mapped': `http://[::ffff:7f00:1]:${insidePort}/secret`,
      };
      res.writeHead(302, { location: inward[req.url ?? ''] ?? '/' }).end();
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const sitePort = (site.address() as AddressInfo).port;
    const PUBLIC = '93.184.216.34';
    const resolve: Resolve = async (host) => {
      if (host === 'public.example') return [{ address: PUBLIC, family: 4 }];
      if (host === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
      throw new Error(`unknown host ${host}`);
    };
    const fetchUrl = createFetchUrl(resolve, (checked) => (checked.address === PUBLIC ? { address: '127.0.0.1', family: 4 } : checked));
    let siteHits = 0;
    site.on('request', () => (siteHits += 1));
    try {
      for (const path of ['/to-loopback', '/to-name', '/to-metadata', '/to-mapped']) {
        const res = await fetchUrl(
          new Request(`${stack.url}/functions/v1/fetch-url`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ url: `http://public.example:${sitePort}${path}` }),
          }),
        );
        expect({ status: res.status, body: await res.json() }, path).toEqual({ status: 400, body: { error: PRIVATE_PAGE } });
      }
      // The public page was read each time; nothing behind it was.
      expect(siteHits).toBe(4);
      expect(insideHits).toBe(0);
    } finally {
      await new Promise((done) => site.close(done));
    }
  });
});
