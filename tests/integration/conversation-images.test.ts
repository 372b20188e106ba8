import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatImage } from '@/shared/ai/vision.ts';
import { chatImageUrls, CONVERSATION_IMAGES_BUCKET, downloadChatImage, keepChatImages } from '@/shared/data/conversationImages.ts';
import { deleteConversation, getConversation, replaceFrom, startConversation } from '@/shared/data/conversations.ts';
import { generateImage } from '../fixtures/fake-providers/images.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { must, person, type Person } from './documents-helpers.ts';

/**
 * Images asked about in a conversation are kept with the question (migration 20261204000200):
 * files in the owner's folder of conversation-images, names on the message; gone with the
 * question they belonged to and with the conversation; nobody else's to read.
 */

let stack: TestStack;
let me: Person;
let other: Person;
let viewer: Person;

beforeAll(async () => {
  stack = await startTestStack();
  [me, other, viewer] = [
    await person(stack, 'chat-images'),
    await person(stack, 'chat-images-other'),
    await person(stack, 'chat-images-viewer', 'view_only'),
  ];
});
afterAll(async () => stack?.close());

const png = (seed: string): ChatImage => ({ mediaType: 'image/png', base64: generateImage('image/png', 40, 30, seed).toString('base64') });
const stored = async (paths: readonly string[]) =>
  (
    await stack.db.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2) order by name', [
      CONVERSATION_IMAGES_BUCKET,
      [...paths],
    ])
  ).rows.map((row) => row.name);

async function chatWithImages(seed: string) {
  const paths = must(await keepChatImages(me.client, me.userId, [png(`${seed}-1`), png(`${seed}-2`)]));
  const conversation = must(
    await startConversation(me.client, {
      source: 'page',
      provider: 'openai',
      model: 'gpt-6.1-terra',
      turns: [
        { role: 'user', content: 'What is on this page?', imagePaths: paths },
        { role: 'assistant', content: 'A pricing table.', provider: 'openai', model: 'gpt-6.1-terra', status: 'done' },
      ],
    }),
  );
  return { paths, conversation };
}

describe(`conversation images (${testDbKind})`, () => {
  it('keeps a question’s images in the owner’s folder, reads them back with the conversation and shows them', async () => {
    const { paths, conversation } = await chatWithImages('keep');
    expect(paths).toHaveLength(2);
    for (const path of paths) expect(path).toMatch(new RegExp(`^${me.userId}/[0-9a-f-]+\\.png$`));
    const read = must(await getConversation(me.client, conversation.id));
    expect(read.messages[0]!.imagePaths).toEqual(paths);
    expect(read.messages[1]!.imagePaths).toBeUndefined();
    expect(must(await downloadChatImage(me.client, paths[0]!))).toEqual(new Uint8Array(generateImage('image/png', 40, 30, 'keep-1')));
    const urls = must(await chatImageUrls(me.client, paths));
    expect((await fetch(urls[paths[1]!]!)).status).toBe(200);
  });

  it('removes the files with the question they belonged to, and with the conversation', async () => {
    const { paths, conversation } = await chatWithImages('replace');
    // Edit and resend: the question is replaced by one without images.
    must(await replaceFrom(me.client, conversation.id, 0, [{ role: 'user', content: 'And the prices?' }]));
    expect(await stored(paths)).toEqual([]);

    const second = await chatWithImages('delete');
    // Regenerate: the question stays (position 0), its images too.
    must(await replaceFrom(me.client, second.conversation.id, 1, [{ role: 'assistant', content: 'Again.', status: 'done' }]));
    expect(await stored(second.paths)).toEqual([...second.paths].sort());
    expect(must(await deleteConversation(me.client, second.conversation.id))).toBe(true);
    expect(await stored(second.paths)).toEqual([]);
  });

  it('lets no one else read or remove them, and a view-only account keeps none', async () => {
    const { paths, conversation } = await chatWithImages('private');
    expect((await downloadChatImage(other.client, paths[0]!)).error?.kind).toBe('not_found');
    expect(must(await deleteConversation(other.client, conversation.id))).toBe(false);
    expect(await stored(paths)).toEqual([...paths].sort());
    expect((await keepChatImages(other.client, me.userId, [png('x')])).error?.kind).toBe('refused');
    expect((await keepChatImages(viewer.client, viewer.userId, [png('y')])).error?.kind).toBe('refused');
  });

  it('keeps an answer’s web sources with it, and refuses them on a question', async () => {
    const sources = [
      { n: 1, title: 'Pricing', site: 'pricing.example.org', url: 'https://pricing.example.org/compare', snippet: 'Tiers.' },
    ];
    const conversation = must(
      await startConversation(me.client, {
        source: 'chat',
        provider: 'openai',
        model: 'gpt-6.1-terra',
        turns: [
          { role: 'user', content: 'Prices?' },
          { role: 'assistant', content: 'See [1].', status: 'done', webSources: sources },
        ],
      }),
    );
    must(
      await replaceFrom(me.client, conversation.id, 2, [
        { role: 'user', content: 'More?' },
        { role: 'assistant', content: 'Also [1].', status: 'done', webSources: sources },
      ]),
    );
    const read = must(await getConversation(me.client, conversation.id));
    expect(read.messages.map((m) => m.webSources ?? null)).toEqual([null, sources, null, sources]);
    const onQuestion = await me.client
      .from('conversation_messages')
      .insert({ conversation_id: conversation.id, position: 4, role: 'user', content: 'q', web_sources: sources });
    expect(onQuestion.error?.code).toBe('23514');
  });

  it('holds a message to four images, on questions only', async () => {
    const { conversation } = await chatWithImages('limits');
    const five = Array.from({ length: 5 }, (_, i) => `${me.userId}/x${i}.png`);
    const tooMany = await me.client
      .from('conversation_messages')
      .insert({ conversation_id: conversation.id, position: 2, role: 'user', content: 'q', image_paths: five });
    expect(tooMany.error?.code).toBe('23514');
    const onAnswer = await me.client
      .from('conversation_messages')
      .insert({ conversation_id: conversation.id, position: 2, role: 'assistant', content: 'a', status: 'done', image_paths: [five[0]!] });
    expect(onAnswer.error?.code).toBe('23514');
  });
});
