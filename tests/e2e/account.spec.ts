import JSZip from 'jszip';
import * as OTPAuth from 'otpauth';
import { expect, test, type Download, type Page } from '@playwright/test';
import { ACCOUNT_TEXTS } from '@/shared/core/account/texts.ts';
import { screenshots, seriousViolations, toast } from './screens.ts';
import { createUser, passwordSession, serviceClient, signInAs, uniqueEmail, type TestUser } from './support.ts';

/** Settings → Your data: the export zip, and deleting the account (wrong password first, then for real). */

async function downloaded(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

async function openYourData(page: Page, user: TestUser) {
  await signInAs(page, user);
  await page.goto('/settings');
  const card = page.getByRole('region', { name: ACCOUNT_TEXTS.cardTitle });
  await expect(card.getByRole('button', { name: ACCOUNT_TEXTS.exportButton })).toBeVisible();
  return card;
}

test('Export my data downloads a zip with the JSON of each kind and the documents as DOCX and Markdown', async ({ page }) => {
  const user = await createUser();
  const service = serviceClient();
  expect(
    (await service.from('saved_prompts').insert({ user_id: user.id, name: 'Cold email', prompt_text: 'Write to {{name}}' })).error,
  ).toBeNull();
  const { data: doc } = await service
    .from('generated_documents')
    .insert({ user_id: user.id, name: 'Launch plan', content: '# Launch plan\n\nShip on Monday.' })
    .select('id')
    .single();
  const card = await openYourData(page, user);
  await screenshots(page, 'settings-your-data');
  expect(await seriousViolations(page)).toEqual([]);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: ACCOUNT_TEXTS.exportButton }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^ai-vault-export-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(toast(page)).toContainText('Your data was downloaded as ai-vault-export-');
  const zip = await JSZip.loadAsync(await downloaded(download));
  expect(Object.keys(zip.files)).toEqual(expect.arrayContaining(['README.txt', 'export.json', 'data/prompts.json', 'data/documents.json']));
  const prompts = JSON.parse(await zip.file('data/prompts.json')!.async('string')) as { name: string; user_id: string }[];
  expect(prompts).toEqual([expect.objectContaining({ name: 'Cold email', user_id: user.id })]);
  const base = `documents/Launch-plan-${doc!.id.slice(0, 8)}`;
  expect(await zip.file(`${base}.md`)!.async('string')).toContain('Ship on Monday.');
  const docx = await JSZip.loadAsync(await zip.file(`${base}.docx`)!.async('arraybuffer'));
  expect(await docx.file('word/document.xml')!.async('string')).toContain('Ship on Monday.');
});

test('Delete my account refuses a wrong password, then deletes it and signs out; signing in again fails', async ({ page }) => {
  const user = await createUser();
  const card = await openYourData(page, user);
  await card.getByRole('button', { name: ACCOUNT_TEXTS.deleteButton }).click();
  const dialog = page.getByRole('dialog', { name: ACCOUNT_TEXTS.dialogTitle });
  await expect(dialog.getByLabel(ACCOUNT_TEXTS.passwordLabel)).toBeFocused();
  // The typed word is checked before anything is sent.
  await dialog.getByLabel(ACCOUNT_TEXTS.passwordLabel).fill('not-my-password');
  await dialog.getByRole('button', { name: ACCOUNT_TEXTS.confirmButton }).click();
  await expect(dialog.getByRole('alert')).toHaveText(ACCOUNT_TEXTS.confirmMissing);
  await dialog.getByLabel(ACCOUNT_TEXTS.confirmLabel).fill('DELETE');
  await dialog.getByRole('button', { name: ACCOUNT_TEXTS.confirmButton }).click();
  await expect(dialog.getByRole('alert')).toHaveText(ACCOUNT_TEXTS.passwordWrong);
  await screenshots(page, 'settings-delete-account');
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByLabel(ACCOUNT_TEXTS.passwordLabel).fill(user.password);
  await dialog.getByRole('button', { name: ACCOUNT_TEXTS.confirmButton }).click();
  await expect(toast(page)).toContainText(ACCOUNT_TEXTS.deleted);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: /sign in|get started/i }).first()).toBeVisible();
  await expect(passwordSession(user)).rejects.toThrow('Invalid login credentials');

  await page.goto('/login');
  await page.getByLabel(/^Email/).fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(toast(page)).toContainText('Invalid login credentials');
});

test('an account that signs in only with Google signs in with Google again instead of a password, then deletes', async ({ page }) => {
  const email = uniqueEmail('google-delete');
  const throughGoogle = async () => {
    await expect(page.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible();
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
  };
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await throughGoogle();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Ten minutes later (the browser's clock): the sign-in is no longer fresh enough.
  await page.clock.setFixedTime(Date.now() + 10 * 60_000);
  await page.goto('/settings');
  await page.getByRole('region', { name: ACCOUNT_TEXTS.cardTitle }).getByRole('button', { name: ACCOUNT_TEXTS.deleteButton }).click();
  const dialog = page.getByRole('dialog', { name: ACCOUNT_TEXTS.dialogTitle });
  await expect(dialog).toContainText(ACCOUNT_TEXTS.reauthIntro);
  await expect(dialog.getByLabel(ACCOUNT_TEXTS.passwordLabel)).toHaveCount(0);
  await dialog.getByLabel(ACCOUNT_TEXTS.confirmLabel).fill('DELETE');
  await dialog.getByRole('button', { name: ACCOUNT_TEXTS.confirmButton }).click();
  await expect(dialog.getByRole('alert')).toHaveText(ACCOUNT_TEXTS.reauthNeeded);
  await screenshots(page, 'settings-delete-account-google');
  expect(await seriousViolations(page)).toEqual([]);

  // Back to the real time: the round trip through Google brings the dialog back with a fresh sign-in.
  await page.clock.setFixedTime(Date.now());
  await dialog.getByRole('button', { name: ACCOUNT_TEXTS.reauthButton }).click();
  await throughGoogle();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(dialog.getByRole('alert').filter({ hasText: ACCOUNT_TEXTS.reauthDone })).toBeVisible();
  await screenshots(page, 'settings-delete-account-google-fresh');
  await dialog.getByLabel(ACCOUNT_TEXTS.confirmLabel).fill('DELETE');
  await dialog.getByRole('button', { name: ACCOUNT_TEXTS.confirmButton }).click();
  await expect(toast(page)).toContainText(ACCOUNT_TEXTS.deleted);
  await expect(page).toHaveURL(/\/$/);
  const { data } = await serviceClient().auth.admin.listUsers({ perPage: 1000 });
  expect(data.users.map((u) => u.email)).not.toContain(email);
});

test('with two-factor on, the dialog asks for the authenticator code and refuses a wrong one', async ({ page }) => {
  const user = await createUser();
  await openYourData(page, user);
  // Two-factor on, from the card above.
  const twoFactor = page.locator('.MuiCard-root').filter({ has: page.getByRole('heading', { name: 'Two-factor authentication' }) });
  await twoFactor.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  const secret = (await twoFactor.getByLabel('Secret key').inputValue()).replace(/\s/g, '');
  const totp = new OTPAuth.TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) });
  await twoFactor.getByLabel('Verification code').fill(totp.generate());
  await twoFactor.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(twoFactor.getByLabel('Two-factor authentication is on')).toBeVisible();

  await page.getByRole('region', { name: ACCOUNT_TEXTS.cardTitle }).getByRole('button', { name: ACCOUNT_TEXTS.deleteButton }).click();
  const dialog = page.getByRole('dialog', { name: ACCOUNT_TEXTS.dialogTitle });
  await dialog.getByLabel(ACCOUNT_TEXTS.passwordLabel).fill(user.password);
  await dialog.getByLabel(ACCOUNT_TEXTS.confirmLabel).fill('DELETE');
  await dialog.getByRole('button', { name: ACCOUNT_TEXTS.confirmButton }).click();
  await expect(dialog.getByRole('alert')).toHaveText(ACCOUNT_TEXTS.codeMissing);
  let wrong = '000000';
  for (let n = 1; totp.validate({ token: wrong, window: 1 }) !== null; n++)
    wrong = String((Number(totp.generate()) + 111_111 * n) % 1_000_000).padStart(6, '0');
  await dialog.getByLabel(ACCOUNT_TEXTS.codeLabel).fill(wrong);
  await dialog.getByRole('button', { name: ACCOUNT_TEXTS.confirmButton }).click();
  await expect(dialog.getByRole('alert')).toHaveText(ACCOUNT_TEXTS.codeWrong);
  await dialog.getByLabel(ACCOUNT_TEXTS.codeLabel).fill(totp.generate());
  await dialog.getByRole('button', { name: ACCOUNT_TEXTS.confirmButton }).click();
  await expect(toast(page)).toContainText(ACCOUNT_TEXTS.deleted);
  await expect(passwordSession(user)).rejects.toThrow('Invalid login credentials');
});
