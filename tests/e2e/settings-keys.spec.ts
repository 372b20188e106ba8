import { expect, test, type Page } from '@playwright/test';
import { FAKE_OPENAI_BAD_KEY, FAKE_OPENAI_GOOD_KEY } from '../fixtures/fake-openai.ts';
import { SCREENSHOT_DIR } from './chromium.ts';
import { OPENAI_URL } from './ports.ts';
import { createUser, E2E_OPENAI_MODELS, signInAs, storedKeys, type TestUser } from './support.ts';

/**
 * Settings → Provider Keys: saving, masking, clearing, cloud sync,
 * sign-out clean-up and "Test key" against the fake OpenAI-compatible provider.
 *
 * Signed out, /settings is protected (routes.spec.ts checks the redirect), so the local-only
 * path (no user → local storage and "Saved Locally", the "Sign in to sync" notice) is covered
 * by tests/unit/provider-keys.test.ts (flows) and tests/unit/provider-keys-card.test.tsx (card).
 */

const KEY = 'sk-e2e-abcdefghijklmnop1234';
const row = (page: Page, provider: string) => page.getByTestId(`provider-${provider}`);
const notice = (page: Page, text: string) => page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text });
const localItem = (page: Page, name: string) => page.evaluate((n) => localStorage.getItem(n), name);
const cloudRow = (user: TestUser) => storedKeys(user.id);

async function saveKey(page: Page, provider: string, value: string) {
  const r = row(page, provider);
  await r.getByLabel(/api key/i).fill(value);
  await r.getByRole('button', { name: 'Save' }).click();
}

async function openSettings(page: Page, user?: TestUser): Promise<TestUser> {
  const who = user ?? (await createUser());
  await signInAs(page, who);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Provider Keys' })).toBeVisible();
  await expect(row(page, 'openai').getByLabel(/api key/i)).toBeEnabled(); // keys loaded
  return who;
}

test('a valid OpenAI key is saved, masked, survives reload and syncs to another browser', async ({ page, browser }) => {
  const user = await openSettings(page);
  await expect(row(page, 'openai').getByText('Not set')).toBeVisible();

  await saveKey(page, 'openai', KEY);
  await expect(notice(page, 'OpenAI API Key Saved')).toBeVisible();
  const openai = row(page, 'openai');
  await expect(openai.getByText('sk-…1234')).toBeVisible();
  await expect(openai.getByText('Synced')).toBeVisible();
  await expect(openai.getByLabel(/api key/i)).toHaveValue('');
  await expect(page.getByText(KEY)).toHaveCount(0);

  await openai.getByRole('button', { name: 'Show OpenAI key' }).click();
  await expect(openai.getByText(KEY)).toBeVisible();
  await openai.getByRole('button', { name: 'Hide OpenAI key' }).click();
  await expect(page.getByText(KEY)).toHaveCount(0);

  expect(await localItem(page, 'openai_api_key')).toBe(KEY);
  expect(await cloudRow(user)).toMatchObject({ user_id: user.id, openai_api_key: KEY });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/settings-keys-desktop.png`, fullPage: true });

  await page.reload();
  await expect(row(page, 'openai').getByText('sk-…1234')).toBeVisible();

  // Another browser, same account: the key comes from the cloud record.
  const other = await browser.newContext();
  const second = await other.newPage();
  await openSettings(second, user);
  await expect(row(second, 'openai').getByText('sk-…1234')).toBeVisible();
  await expect(row(second, 'openai').getByText('Synced')).toBeVisible();
  expect(await localItem(second, 'openai_api_key')).toBe(KEY);
  await other.close();
});

test('an invalid key is cleared, locally and in the cloud, with the invalid-key notice', async ({ page }) => {
  const user = await openSettings(page);
  await saveKey(page, 'openai', KEY);
  await expect(row(page, 'openai').getByText('sk-…1234')).toBeVisible();

  await saveKey(page, 'openai', 'not-a-valid-key');
  const alert = notice(page, 'Invalid API Key');
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Please enter a valid OpenAI API key. Key has been cleared.');
  await expect(row(page, 'openai').getByLabel(/api key/i)).toHaveValue('');
  await expect(row(page, 'openai').getByText('sk-…1234')).toHaveCount(0);
  await expect(row(page, 'openai').getByText('Not set')).toBeVisible();
  expect(await localItem(page, 'openai_api_key')).toBeNull();
  expect((await cloudRow(user))?.openai_api_key).toBeNull();
});

test('saving an empty field, or the clear button, clears the key', async ({ page }) => {
  const user = await openSettings(page);
  await saveKey(page, 'openai', KEY);
  await expect(notice(page, 'OpenAI API Key Saved')).toBeVisible();

  await row(page, 'openai').getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'OpenAI API Key Cleared')).toBeVisible();
  await expect(row(page, 'openai').getByText('Not set')).toBeVisible();
  expect(await localItem(page, 'openai_api_key')).toBeNull();
  expect((await cloudRow(user))?.openai_api_key).toBeNull();

  const hfKey = `hf_${'a'.repeat(30)}WXYZ`;
  await saveKey(page, 'huggingface', hfKey);
  await expect(notice(page, 'Hugging Face API Key Saved')).toBeVisible();
  await expect(row(page, 'huggingface').getByText('hf_…WXYZ')).toBeVisible();
  expect((await cloudRow(user))?.huggingface_api_key).toBe(hfKey);
  await row(page, 'huggingface').getByRole('button', { name: 'Clear Hugging Face key' }).click();
  await expect(notice(page, 'Hugging Face API Key Cleared')).toBeVisible();
  expect((await cloudRow(user))?.huggingface_api_key).toBeNull();
  expect(await localItem(page, 'huggingface_api_key')).toBeNull();
});

test('other providers are checked with their own format', async ({ page }) => {
  await openSettings(page);
  await saveKey(page, 'anthropic', 'sk-not-anthropic-1234567890abcdef');
  await expect(notice(page, 'Please enter a valid Anthropic API key. Key has been cleared.')).toBeVisible();
  await saveKey(page, 'anthropic', `sk-ant-api03-${'x'.repeat(30)}ABCD`);
  await expect(notice(page, 'Anthropic API Key Saved')).toBeVisible();
  await expect(row(page, 'anthropic').getByText('sk-ant-…ABCD')).toBeVisible();
  // AI21 cannot be tested without running a model: the card says so instead of a Test button.
  await expect(row(page, 'ai21').getByText(/AI21 has no endpoint that checks a key/)).toBeVisible();
  await expect(row(page, 'ai21').getByRole('button', { name: /Test/ })).toHaveCount(0);
  // The base URL must be http(s).
  await row(page, 'base-url').getByLabel('Base URL', { exact: true }).fill('ftp://localhost/v1');
  await row(page, 'base-url').getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'Invalid Base URL')).toBeVisible();
});

test('signing out clears the keys from local storage', async ({ page }) => {
  await openSettings(page);
  await saveKey(page, 'openai', KEY);
  await expect(notice(page, 'OpenAI API Key Saved')).toBeVisible();
  await row(page, 'base-url').getByLabel('Base URL', { exact: true }).fill(`${OPENAI_URL}/v1`);
  await row(page, 'base-url').getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'Base URL Saved')).toBeVisible();
  expect(await localItem(page, 'custom_base_url')).toBe(`${OPENAI_URL}/v1`);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(notice(page, 'Signed Out')).toBeVisible();
  expect(await localItem(page, 'openai_api_key')).toBeNull();
  expect(await localItem(page, 'custom_base_url')).toBeNull();
});

test('"Test key" reports the model count or the provider’s error', async ({ page }) => {
  await openSettings(page);

  // Custom base URL → the fake provider.
  await row(page, 'base-url').getByLabel('Base URL', { exact: true }).fill(`${OPENAI_URL}/v1/`);
  await row(page, 'base-url').getByRole('button', { name: 'Save' }).click();
  await expect(row(page, 'base-url').getByText(`${OPENAI_URL}/v1`, { exact: true })).toBeVisible();
  const custom = row(page, 'chatgpt_custom');
  await saveKey(page, 'chatgpt_custom', FAKE_OPENAI_GOOD_KEY);
  await expect(notice(page, 'Custom ChatGPT API Key Saved')).toBeVisible();
  await custom.getByRole('button', { name: 'Test Custom ChatGPT key' }).click();
  await expect(custom.getByRole('status')).toHaveText(`Key works — ${E2E_OPENAI_MODELS.length} models available`);

  await saveKey(page, 'chatgpt_custom', FAKE_OPENAI_BAD_KEY);
  await expect(notice(page, 'Custom ChatGPT API Key Saved')).toBeVisible();
  await custom.getByRole('button', { name: 'Test Custom ChatGPT key' }).click();
  await expect(custom.getByRole('status')).toContainText('Incorrect API key provided');
  await expect(custom.getByRole('status')).toContainText('(HTTP 401)');

  // OpenAI itself: its host is forwarded to the fake.
  await page.route('https://api.openai.com/v1/**', async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${OPENAI_URL}${url.pathname}${url.search}` });
    await route.fulfill({ response });
  });
  await saveKey(page, 'openai', FAKE_OPENAI_GOOD_KEY);
  await expect(notice(page, 'OpenAI API Key Saved')).toBeVisible();
  const openai = row(page, 'openai');
  await openai.getByRole('button', { name: 'Test OpenAI key' }).click();
  await expect(openai.getByRole('status')).toHaveText(`Key works — ${E2E_OPENAI_MODELS.length} models available`);
  await saveKey(page, 'openai', FAKE_OPENAI_BAD_KEY);
  await openai.getByRole('button', { name: 'Test OpenAI key' }).click();
  await expect(openai.getByRole('status')).toContainText('Incorrect API key provided');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/settings-keys-tested.png`, fullPage: true });
});

test('on a phone the card stacks cleanly', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openSettings(page);
  await saveKey(page, 'openai', KEY);
  await expect(row(page, 'openai').getByText('sk-…1234')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/settings-keys-mobile.png`, fullPage: true });
});
