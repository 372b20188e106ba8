import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerationRequest } from '@/shared/core/documents/documents.ts';
import { KNOWLEDGE_TEXTS } from '@/shared/core/knowledge/grounding.ts';
import { generateDocument } from '@/shared/data/documents/generation.ts';
import * as kb from '@/shared/data/knowledge.ts';
import { FAKE_OPENAI_GOOD_KEY, startFakeOpenAI, type FakeOpenAI } from '../fixtures/fake-openai.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { must, person, type Person } from './documents-helpers.ts';

/**
 * Documents grounded in the knowledge base: the generate-document Edge Function searches the
 * caller's knowledge base (as the caller, so row-level security keeps it to their own passages),
 * sends the best passages with the prompt and lists them with the saved document. The fake
 * provider cites the first source it was sent.
 */

let stack: TestStack;
let ai: FakeOpenAI;
let me: Person;
let other: Person;
let brandFolder: string;

beforeAll(async () => {
  ai = await startFakeOpenAI({ chunkDelayMs: 1 });
  stack = await startTestStack({ config: { functionSecrets: { AI_BASE_URLS: JSON.stringify({ openai: `${ai.url}/v1` }) } } });
  [me, other] = [await person(stack, 'grounding'), await person(stack, 'grounding-other')];
  brandFolder = must(await kb.createKbFolder(me.client, 'Brand'))!.id;
  must(
    await kb.addKbDocument(me.client, {
      name: 'Pricing',
      type: 'text',
      content: 'The Pro plan costs $29 per month and includes unlimited launch e-mails.',
      folderId: brandFolder,
    }),
  );
  must(await kb.addKbDocument(me.client, { name: 'Shipping', type: 'text', content: 'Orders ship within two days.', folderId: null }));
  must(
    await kb.addKbDocument(other.client, {
      name: 'Secret pricing',
      type: 'text',
      content: 'Our Pro plan launch e-mails cost $99 per month.',
      folderId: null,
    }),
  );
});
afterAll(async () => {
  await stack?.close();
  await ai?.close();
});

const request = (knowledge: GenerationRequest['knowledge'], prompt = 'Launch e-mails for the Pro plan'): GenerationRequest => ({
  prompt,
  templateId: 'blog_post',
  provider: 'openai',
  model: 'gpt-4o-mini',
  apiKey: FAKE_OPENAI_GOOD_KEY,
  customBaseUrl: null,
  folderId: null,
  knowledge,
});

/** What the provider was last sent (every message's text). */
const lastPrompt = () => {
  const body = ai.requests.filter((r) => r.path.endsWith('/chat/completions')).at(-1)!.body as { messages: { content: string }[] };
  return body.messages.map((m) => m.content).join('\n');
};

const generate = async (who: Person, knowledge: GenerationRequest['knowledge'], prompt?: string) =>
  generateDocument(who.client, request(knowledge, prompt), new AbortController().signal, () => undefined);

describe(`documents grounded in the knowledge base (${testDbKind})`, () => {
  it('sends the caller’s best passages with the prompt, cites them in the saved document and lists them', async () => {
    const result = must(await generate(me, { kind: 'all' }));
    expect(result.passages.map((p) => p.documentName)).toEqual(['Pricing']);
    expect(result.passages[0]!.content).toContain('$29 per month');
    expect(result.text).toContain('From your knowledge base: **Pricing** [1].');
    const sent = lastPrompt();
    expect(sent).toContain('[1] Pricing\n"""\nThe Pro plan costs $29 per month');
    // Nobody else's passages: the other account's matching document never goes with the prompt.
    expect(sent).not.toContain('$99');
    const saved = await stack.db.query<{ content: string }>('select content from public.generated_documents where id = $1', [
      result.documentId,
    ]);
    expect(saved.rows[0]!.content).toContain('From your knowledge base: **Pricing** [1].');
  });

  it('searches only the chosen part of the knowledge base, and sends the prompt alone when nothing matches', async () => {
    const outside = must(await generate(me, { kind: 'uncategorized' }));
    expect(outside.passages).toEqual([]);
    expect(outside.text).not.toContain('From your knowledge base');
    expect(lastPrompt()).not.toContain('Sources:');

    const inFolder = must(await generate(me, { kind: 'folder', folderId: brandFolder }));
    expect(inFolder.passages.map((p) => p.documentName)).toEqual(['Pricing']);
  });

  it('writes without the knowledge base when none is chosen, and refuses a selection it does not know', async () => {
    const plain = must(await generate(me, null));
    expect(plain.passages).toEqual([]);
    expect(lastPrompt()).not.toContain('Sources:');

    const refused = await generate(me, { kind: 'folder', folderId: 'not-a-folder' });
    expect(refused.error?.message).toBe(KNOWLEDGE_TEXTS.badScope);
  });
});
