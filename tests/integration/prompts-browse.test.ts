import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as lib from '@/shared/data/promptLibrary/library.ts';
import { folderSummary, listFilteredPrompts, listTags } from '@/shared/data/promptLibrary/browse.ts';
import { startTestStack, type TestStack } from '../helpers/stack.ts';
import { memoryClient } from './auth-helpers.ts';
import { must, signedIn, type Member } from './prompts-helpers.ts';

/** The library's cross-folder views (favourites, tags) and folder summaries on the local stack. */

let stack: TestStack;
let me: Member;
let other: Member;
const ids: Record<string, string> = {};

beforeAll(async () => {
  stack = await startTestStack();
  [me, other] = [await signedIn(stack, 'owner'), await signedIn(stack, 'other')];
  const top = must(await lib.createFolder(me.client, 'Marketing', null));
  const child = must(await lib.createFolder(me.client, 'Emails', top.id));
  const grandchild = must(await lib.createFolder(me.client, 'Drafts', child.id));
  Object.assign(ids, { top: top.id, child: child.id, grandchild: grandchild.id });
  const add = async (name: string, folderId: string | null, tags: string[], isFavorite = false) =>
    must(await lib.createPrompt(me.client, { name, promptText: `Text of ${name}`, folderId, tags, isFavorite }));
  await add('Welcome', child.id, ['email', 'SEO'], true);
  await add('Headline', null, ['seo'], true);
  await add('Outline', grandchild.id, ['Blog'], false);
  await add('Zebra', top.id, [], true);
  must(await lib.createPrompt(other.client, { name: 'Theirs', promptText: 'x', folderId: null, tags: ['seo', 'email'], isFavorite: true }));
});
afterAll(async () => {
  await stack?.close();
});

describe('tags', () => {
  it("lists the user's tags A-Z, spellings grouped, with counts", async () => {
    const tags = must(await listTags(me.client));
    expect(tags.map((t) => [t.tag.toLowerCase(), [...t.spellings].sort(), t.prompts])).toEqual([
      ['blog', ['Blog'], 1],
      ['email', ['email'], 1],
      ['seo', ['SEO', 'seo'], 2],
    ]);
  });

  it('filters prompts across folders by any spelling of a tag', async () => {
    const seo = must(await listTags(me.client)).find((t) => t.tag.toLowerCase() === 'seo')!;
    const result = must(await listFilteredPrompts(me.client, { anyTag: seo.spellings }));
    expect(result.total).toBe(2);
    expect(result.prompts.map((p) => p.name)).toEqual(['Headline', 'Welcome']);
    expect(must(await listFilteredPrompts(me.client, { anyTag: [] }))).toEqual({ prompts: [], total: 0 });
  });
});

describe('favourites', () => {
  it('lists favourites from every folder in each sort order, paged, with the total', async () => {
    const names = async (sort: Parameters<typeof listFilteredPrompts>[2]) =>
      must(await listFilteredPrompts(me.client, { favorites: true }, sort)).prompts.map((p) => p.name);
    expect(await names('name_asc')).toEqual(['Headline', 'Welcome', 'Zebra']);
    expect(await names('name_desc')).toEqual(['Zebra', 'Welcome', 'Headline']);
    expect(await names('date_asc')).toEqual(['Welcome', 'Headline', 'Zebra']);
    const page = must(await listFilteredPrompts(me.client, { favorites: true }, 'name_asc', { offset: 1, limit: 1 }));
    expect(page).toMatchObject({ total: 3, prompts: [{ name: 'Welcome', isFavorite: true }] });
    expect(must(await listFilteredPrompts(me.client, { favorites: true }, 'name_asc', { offset: 10, limit: 5 }))).toEqual({
      prompts: [],
      total: 3,
    });
    const both = must(await listFilteredPrompts(me.client, { favorites: true, anyTag: ['email'] }));
    expect(both.prompts.map((p) => p.name)).toEqual(['Welcome']);
  });
});

describe('folder summary', () => {
  it('counts the folders and prompts at every depth inside a folder', async () => {
    expect(must(await folderSummary(me.client, ids.top!))).toEqual({ folders: 2, prompts: 3 });
    expect(must(await folderSummary(me.client, ids.grandchild!))).toEqual({ folders: 0, prompts: 1 });
  });

  it("reveals nothing about another user's folder", async () => {
    expect(must(await folderSummary(other.client, ids.top!))).toEqual({ folders: 0, prompts: 0 });
    expect(must(await listTags(other.client)).map((t) => t.tag)).toEqual(['email', 'seo']);
    expect(must(await listFilteredPrompts(other.client, { favorites: true })).prompts.map((p) => p.name)).toEqual(['Theirs']);
  });

  it('answers nobody signed out', async () => {
    const anon = memoryClient(stack);
    expect((await listTags(anon)).error).toEqual({
      message: 'permission denied for function prompt_library_tags',
      code: '42501',
      kind: 'refused',
    });
    expect((await folderSummary(anon, ids.top!)).error).toEqual({
      message: 'permission denied for function prompt_folder_summary',
      code: '42501',
      kind: 'refused',
    });
    expect(must(await listFilteredPrompts(anon, { favorites: true }))).toEqual({ prompts: [], total: 0 });
  });
});
