import { test, type Locator, type Page } from '@playwright/test';
import { expect, lookAt, member } from './prompts-support.ts';
import { signInAs } from './support.ts';

/**
 * Dictation on the dashboard's prompt boxes in real Chromium. Chromium's speech recognition sends
 * audio to the browser maker's speech service, which tests cannot reach (and a test machine has no
 * microphone), so an init script stands in for `webkitSpeechRecognition` with the Web Speech API's
 * shape; `window.__speech.hear(text)` is the service settling on a phrase. A browser without the
 * API (Firefox) gets no button at all.
 */

interface SpeechControl {
  started: { lang: string }[];
  hear(phrase: string): void;
}

async function fakeSpeech(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Listener = { lang: string; onresult: ((e: unknown) => void) | null; onend: (() => void) | null };
    const control = { started: [] as Listener[], hear: (_: string) => {} };
    class Recognition {
      lang = '';
      continuous = false;
      interimResults = true;
      onresult: ((e: unknown) => void) | null = null;
      onerror: ((e: unknown) => void) | null = null;
      onend: (() => void) | null = null;
      start() {
        control.started.push(this);
        control.hear = (phrase: string) => {
          const result = Object.assign([{ transcript: phrase, confidence: 0.9 }], { isFinal: true });
          this.onresult?.({ resultIndex: 0, results: [result] });
        };
      }
      stop() {
        this.onend?.();
      }
      abort() {
        this.onend?.();
      }
    }
    // Chromium has both names (the unprefixed one since 2025).
    Object.assign(window, { SpeechRecognition: Recognition, webkitSpeechRecognition: Recognition, __speech: control });
  });
}

/** The dictation button of a field (its name is "Dictate" or "Stop dictation"; the field's label describes it). */
const micOf = (field: Locator, name: 'Dictate' | 'Stop dictation' = 'Dictate') =>
  field.locator('xpath=ancestor::div[contains(@class, "MuiFormControl-root")][1]').getByRole('button', { name, exact: true });
const languageOf = (field: Locator) =>
  field.locator('xpath=ancestor::div[contains(@class, "MuiFormControl-root")][1]').getByRole('button', { name: /^Dictation language:/ });

const speech = (page: Page) => ({
  hear: (phrase: string) => page.evaluate((p) => (window as unknown as { __speech: SpeechControl }).__speech.hear(p), phrase),
  languages: () => page.evaluate(() => (window as unknown as { __speech: SpeechControl }).__speech.started.map((s) => s.lang)),
});

test('a prompt’s fields take dictation in the language chosen; the edited prompt too', async ({ page }) => {
  await fakeSpeech(page);
  const { user } = await member();
  await signInAs(page, user);
  await page.goto('/run-prompt/fp1');
  const product = page.getByLabel('What is the product or service?');
  await expect(product).toBeVisible({ timeout: 30_000 });

  await micOf(product).click();
  await expect(micOf(product, 'Stop dictation')).toHaveAttribute('aria-pressed', 'true');
  await speech(page).hear('AI Vault');
  await speech(page).hear('for course creators');
  await expect(product).toHaveValue('AI Vault for course creators');
  await micOf(product, 'Stop dictation').click();
  await expect(micOf(product)).toHaveAttribute('aria-pressed', 'false');

  // Another language, by keyboard, remembered after a reload.
  const audience = page.getByLabel('Who is the target audience?');
  await page
    .getByRole('button', { name: /^Dictation language:/ })
    .nth(1)
    .focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Spanish (Spain)' }).click();
  await micOf(audience).click();
  await speech(page).hear('creadores de cursos');
  await expect(audience).toHaveValue('creadores de cursos');
  expect(await speech(page).languages()).toEqual(['en-US', 'es-ES']);
  await micOf(audience, 'Stop dictation').click();
  await lookAt(page, 'dictation-run-prompt');

  await page.reload();
  await expect(languageOf(page.getByLabel('What is the product or service?'))).toHaveAccessibleName(
    'Dictation language: Spanish (Spain), ES',
    {
      timeout: 30_000,
    },
  );
});

test('no microphone where the browser has no speech recognition', async ({ page }) => {
  await page.addInitScript(() => {
    delete (window as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition;
    delete (window as { SpeechRecognition?: unknown }).SpeechRecognition;
  });
  const { user } = await member();
  await signInAs(page, user);
  await page.goto('/run-prompt/fp1');
  await expect(page.getByLabel('What is the product or service?')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: /^(Dictate|Dictation language)/ })).toHaveCount(0);
});
