import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS } from '@/shared/core/account/texts.ts';
import { BILLING_ERRORS } from '@/shared/core/billingTexts.ts';
import { DOCUMENT_TEXTS } from '@/shared/core/documents/documents.ts';
import { TEMPLATE_IDS } from '@/shared/core/documents/templates.ts';
import { KNOWLEDGE_TEXTS } from '@/shared/core/knowledge/grounding.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { person, type Person } from './documents-helpers.ts';

/**
 * What the Edge Functions answer a body that is not what they take (zod schemas through
 * _shared/body.ts), each in the function's own shape and words; and that a database read which
 * fails is an error, never taken for "nothing there".
 */

let stack: TestStack;
let user: Person;
let admin: Person;

beforeAll(async () => {
  stack = await startTestStack();
  user = await person(stack, 'bodies-user');
  admin = await person(stack, 'bodies-admin', 'admin');
});
afterAll(async () => stack?.close());

const tokenOf = async (who: Person) => (await who.client.auth.getSession()).data.session!.access_token;

async function post(name: string, body: unknown, who: Person | null = user): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${stack.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${who ? await tokenOf(who) : stack.config.anonKey}`,
      apikey: stack.config.anonKey,
      'content-type': 'application/json',
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
}

const NOT_JSON = 'The request body must be JSON.';
const template = TEMPLATE_IDS[0];

describe(`request bodies (${testDbKind})`, () => {
  it('provider-keys: unknown actions and columns, and keys that are not text, are refused; nothing is stored', async () => {
    expect(await post('provider-keys', 'not json')).toEqual({ status: 400, body: { error: NOT_JSON } });
    expect(await post('provider-keys', { action: 'launch' })).toEqual({
      status: 400,
      body: { error: 'Unknown action: use get, save or clear.' },
    });
    expect(await post('provider-keys', { action: 'save', values: { evil_column: 'x' } })).toEqual({
      status: 400,
      body: { error: 'Unknown key column.' },
    });
    expect(await post('provider-keys', { action: 'clear', column: 'evil_column' })).toEqual({
      status: 400,
      body: { error: 'Unknown key column.' },
    });
    expect(await post('provider-keys', { action: 'save', values: { openai_api_key: 42 } })).toEqual({
      status: 400,
      body: { error: 'A key must be text (or null to remove it).' },
    });
    expect(await post('provider-keys', { action: 'get' })).toEqual({ status: 200, body: { row: null } });
    const { rows } = await stack.db.query('select 1 from public.user_api_keys where user_id = $1', [user.userId]);
    expect(rows).toHaveLength(0);
  });

  it('generate-document: the first problem in the form’s order, before any slot is reserved', async () => {
    const refused = (error: string) => ({ status: 400, body: { error, code: 'invalid' } });
    expect(await post('generate-document', 'not json')).toEqual(refused(NOT_JSON));
    expect(await post('generate-document', null)).toEqual(refused(DOCUMENT_TEXTS.promptRequired));
    expect(await post('generate-document', { prompt: '   ', templateId: 'nope' })).toEqual(refused(DOCUMENT_TEXTS.promptRequired));
    expect(await post('generate-document', { prompt: 'A plan', templateId: 'nope', provider: 'nope' })).toEqual(
      refused(DOCUMENT_TEXTS.templateRequired),
    );
    expect(await post('generate-document', { prompt: 'A plan', templateId: template, provider: 'nope' })).toEqual(
      refused('Unknown AI provider.'),
    );
    expect(await post('generate-document', { prompt: 'A plan', templateId: template, provider: 'openai', model: ' ' })).toEqual(
      refused('Choose a model.'),
    );
    expect(
      await post('generate-document', {
        prompt: 'A plan',
        templateId: template,
        provider: 'openai',
        model: 'gpt',
        knowledge: { kind: 'x' },
      }),
    ).toEqual(refused(KNOWLEDGE_TEXTS.badScope));
    const { rows } = await stack.db.query('select 1 from public.generation_reservations where user_id = $1', [user.userId]);
    expect(rows).toHaveLength(0);
  });

  it('account-delete, report-error: refusals keep their code', async () => {
    expect(await post('account-delete', { confirmation: 'DELETE', password: 42 })).toEqual({
      status: 400,
      body: { error: ACCOUNT_TEXTS.passwordMissing, code: 'invalid' },
    });
    expect(await post('account-delete', 'not json')).toEqual({ status: 400, body: { error: NOT_JSON, code: 'invalid' } });
    expect(await post('account-delete', [])).toEqual({ status: 400, body: { error: ACCOUNT_TEXTS.confirmMissing, code: 'invalid' } });
    expect((await stack.db.query('select 1 from auth.users where id = $1', [user.userId])).rows).toHaveLength(1);
    expect(await post('report-error', 'not json', null)).toEqual({ status: 400, body: { error: NOT_JSON, code: 'invalid' } });
    expect(await post('report-error', { message: 'x' }, null)).toEqual({
      status: 400,
      body: { error: 'A report needs message, route, release and surface.', code: 'invalid' },
    });
  });

  it('admin-users: a body that is not an action keeps the Validation Error title', async () => {
    expect(await post('admin-users', 'not json', admin)).toEqual({ status: 400, body: { error: NOT_JSON, title: 'Validation Error' } });
    expect(
      await post('admin-users', { action: 'create', name: 'A', email: 'a@example.com', password: 'long-enough-1', role: 'god' }, admin),
    ).toEqual({
      status: 400,
      body: { error: 'Unknown role.', title: 'Validation Error' },
    });
    expect(await post('admin-users', { action: 'delete', id: 42 }, admin)).toEqual({
      status: 400,
      body: { error: 'Which user? The request has no user id.', title: 'Validation Error' },
    });
  });

  it('subscription checkout and fetch-url say what is missing', async () => {
    for (const body of [{}, { plan: 'gold' }, { plan: 7 }])
      expect(await post('create-subscription-checkout', body)).toEqual({ status: 400, body: { error: BILLING_ERRORS.unknownPlan } });
    for (const body of [{}, { url: 5 }, { url: '   ' }])
      expect(await post('fetch-url', body)).toEqual({ status: 400, body: { error: 'URL cannot be empty' } });
  });

  it('a product or purchase that cannot be named is not found, as before', async () => {
    expect(await post('create-checkout-session', { productId: 5 }, null)).toEqual({
      status: 404,
      body: { error: 'Product Not Found', title: 'Product Not Found' },
    });
    expect(await post('purchase-download', { sessionId: 5 }, null)).toEqual({
      status: 400,
      body: { title: 'Error', error: 'Product details not available for download.' },
    });
    expect(await post('purchase-download', { sessionId: 'not-a-session', verify: true }, null)).toMatchObject({
      status: 400,
      body: { title: 'Payment Not Confirmed' },
    });
    expect(await post('product-price', { productId: ['x'] }, admin)).toEqual({
      status: 404,
      body: { title: 'Product Not Found', error: 'Product Not Found' },
    });
  });
});

describe(`a read that fails is not "none" (${testDbKind})`, () => {
  it('a product that cannot be read is an error, not Product Not Found', async () => {
    await stack.db.query('revoke select on public.generated_documents from service_role');
    try {
      const answer = await post('create-checkout-session', { productId: crypto.randomUUID() }, null);
      expect(answer.status).toBe(500);
    } finally {
      await stack.db.query('grant select on public.generated_documents to service_role');
    }
    expect((await post('create-checkout-session', { productId: crypto.randomUUID() }, null)).status).toBe(404);
  });

  it('a synced key that cannot be read fails the generation before a slot is reserved', async () => {
    await stack.db.query('revoke select on public.user_api_keys from authenticated');
    try {
      const answer = await post('generate-document', { prompt: 'A plan', templateId: template, provider: 'openai', model: 'gpt' });
      expect(answer.status).toBe(500);
    } finally {
      await stack.db.query('grant select on public.user_api_keys to authenticated');
    }
    const { rows } = await stack.db.query('select 1 from public.generation_reservations where user_id = $1', [user.userId]);
    expect(rows).toHaveLength(0);
  });
});
