import { test, type Page } from '@playwright/test';
import * as kb from '@/shared/data/knowledge.ts';
import * as lib from '@/shared/data/promptLibrary/library.ts';
import type { ProviderId } from '@/shared/core/providerKeys.ts';
import { WEB_URL } from './ports.ts';
import { accountWith, chooseProvider, labelOf, MATRIX_PROVIDERS, seenBy } from './providers-support.ts';
import { watchErrors } from './screens.ts';
import { expect, userClient } from './prompts-support.ts';
import { signInAs } from './support.ts';

/**
 * Every provider from the dashboard, a web page on its own origin (so Chromium enforces each
 * service's CORS, as the strict fakes answer it): the key test in Settings, a streamed run with a
 * follow-up, one JSON feature (the offer framework), embeddings where the service has them, and
 * the user-facing message when the service answers 401, 429 or 5xx. Cohere, AI21 and Hugging Face
 * are reached through the ai-relay Edge Function; the others directly, sending only the headers
 * each service allows a browser.
 */

test.describe.configure({ timeout: 240_000 });

const output = (page: Page) => page.getByRole('region', { name: 'Output' });
const followUps = (page: Page) => page.getByRole('region', { name: 'Follow up' });

/** Headers every browser request may carry, whatever the service. */
const BROWSER_HEADERS =
  /^(accept|accept-encoding|accept-language|connection|content-length|content-type|host|origin|referer|user-agent|sec-.*|priority|cache-control|pragma)$/;
/** What each service lets a browser send beyond those (docs/providers.md, row 3 of each). */
const SERVICE_HEADERS: Partial<Record<ProviderId, RegExp>> = {
  openai: /^authorization$/,
  gemini: /^(x-goog-api-key|x-goog-api-client)$/,
  anthropic: /^(x-api-key|anthropic-version|anthropic-dangerous-direct-browser-access)$/,
  chatgpt_custom: /^authorization$/,
};
const EMBEDS: Partial<Record<ProviderId, string>> = {
  openai: 'text-embedding-3-small',
  gemini: 'gemini-embedding-001',
  cohere: 'embed-v4.0',
  chatgpt_custom: 'nomic-embed-text:latest',
};
const RELAYED: readonly ProviderId[] = ['cohere', 'ai21', 'huggingface'];

for (const provider of MATRIX_PROVIDERS) {
  const label = labelOf(provider);
  test(`${label} from the dashboard: key test, a run with a follow-up, an offer framework, embeddings, and its failures`, async ({
    page,
  }) => {
    const errors = watchErrors(page);
    const user = await accountWith(provider);
    const client = await userClient(user);
    const saved = (await lib.createPrompt(client, { name: 'Tagline', promptText: 'Write a tagline for [topic].', folderId: null })).data!;
    await signInAs(page, user);

    // Settings: the key test lists the key's models (AI21 has no endpoint that checks a key, and says so).
    await page.goto('/settings');
    const keyRow = page.getByTestId(`provider-${provider}`);
    if (provider === 'ai21') {
      await expect(keyRow).toContainText("AI21 has no endpoint that checks a key without running a model, so it can't be tested here.");
    } else {
      await keyRow.getByRole('button', { name: `Test ${label} key` }).click();
      // A keyless local server says "Connected"; a key says "Key works".
      await expect(keyRow.getByRole('status')).toContainText(/^(Key works|Connected) — \d+ models? available/, { timeout: 20_000 });
    }

    // A streamed run, then a follow-up.
    await page.goto(`/run-prompt/${saved.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Tagline' })).toBeVisible({ timeout: 30_000 });
    await chooseProvider(page, page, provider);
    await page.getByLabel('Topic').fill('a pricing course');
    await page.getByRole('button', { name: 'Run prompt' }).click();
    await expect(output(page).getByTestId('run-output')).toContainText('Write a tagline for a pricing course', { timeout: 30_000 });
    await page.getByRole('textbox', { name: 'Ask a follow-up' }).fill('Make it shorter');
    await followUps(page).getByRole('button', { name: 'Send' }).click();
    await expect(followUps(page).getByTestId('conversation-answer').first()).toContainText('Follow-up: Make it shorter', {
      timeout: 30_000,
    });

    // The same screen says what 401, 429 and 5xx mean.
    for (const [marker, message] of [
      ['401', `Authentication failed. Please check your ${label} API key in Settings.`],
      ['429', 'The AI service returned an error:'],
      ['500', 'The AI service returned an error:'],
    ] as const) {
      if (marker === '401' && provider === 'chatgpt_custom') continue; // a local server takes any key
      await page.getByLabel('Topic').fill(`pricing [[fake:${marker}]]`);
      await page.getByRole('button', { name: /^(Run prompt|Run again)$/ }).click();
      await expect(output(page).getByTestId('run-error')).toContainText(message, { timeout: 30_000 });
    }

    // A JSON feature: the offer builder's framework.
    await page.goto('/prompt-stacks');
    await expect(page.getByRole('heading', { level: 1, name: 'Offer Builder' })).toBeVisible({ timeout: 30_000 });
    const create = page.getByRole('form', { name: 'Create an offer' });
    await chooseProvider(page, create, provider);
    await page.getByLabel('Idea, niche or keyword').fill('yoga teachers');
    await page.getByRole('button', { name: 'Generate Idea For Offer Framework' }).click();
    await expect(page.getByRole('region', { name: 'Yoga Teachers Accelerator' }).first()).toBeVisible({ timeout: 30_000 });

    // Embeddings, where the service has them: a document saved on the Knowledge Base page is embedded.
    const embedding = EMBEDS[provider];
    if (embedding) {
      await kb.addKbDocument(client, { name: 'Refunds', type: 'text', content: 'Refunds within 30 days.', folderId: null });
      await page.goto('/knowledge-base');
      const addForm = page.getByRole('form', { name: 'Add a document' });
      await addForm.getByLabel('Document name').fill('Onboarding');
      await addForm.getByLabel('Text').fill('New customers get a welcome call in their first week.');
      await addForm.getByRole('button', { name: 'Add document' }).click();
      await expect
        .poll(
          async () =>
            (await client.from('kb_chunks').select('embedding_model').eq('heading', 'Onboarding')).data?.map((r) => r.embedding_model),
          {
            timeout: 30_000,
          },
        )
        .toEqual([embedding]);
    }

    // What left the browser: only the service's allowed headers (direct), or nothing at all (relayed).
    const fromPage = (await seenBy(provider)).filter((r) => r.origin === WEB_URL && r.method !== 'OPTIONS');
    if (RELAYED.includes(provider)) expect(fromPage).toEqual([]);
    else {
      expect(fromPage.length).toBeGreaterThan(0);
      const allowed = SERVICE_HEADERS[provider]!;
      const extra = [...new Set(fromPage.flatMap((r) => Object.keys(r.headers)))].filter(
        (h) => !BROWSER_HEADERS.test(h) && !allowed.test(h),
      );
      expect(extra).toEqual([]);
    }
    // The failures above were the service’s (Gemini says a bad key with 400), shown as the product’s messages, not page errors.
    expect(
      errors.filter((e) => !/Failed to load resource: the server responded with a status of (400|401|429|500|503|529)/.test(e)),
    ).toEqual([]);
  });
}
