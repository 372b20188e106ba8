import { expect, test, type Page } from '@playwright/test';
import { STRIPE_URL } from './ports.ts';
import { screenshots, seriousViolations, toast } from './screens.ts';
import { createUser, serviceClient, signInAs } from './support.ts';

/**
 * Digital products (spec 000 §2.7–2.9, §4; spec 001 Product Management): an admin puts a generated
 * document on sale; a visitor buys it on the fake Stripe and downloads it up to the limit.
 */

async function documentOf(name: string, content: string): Promise<string> {
  const owner = await createUser();
  const { data, error } = await serviceClient().from('generated_documents').insert({ user_id: owner.id, name, content }).select('id').single();
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

async function putOnSale(id: string, fields: Record<string, unknown>) {
  const { error } = await serviceClient().from('generated_documents').update({ is_digital_product: true, ...fields }).eq('id', id);
  if (error) throw new Error(error.message);
}

async function downloadText(page: Page): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Now' }).click()]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
}

test('an admin prices a document in Product Management; the list updates in place', async ({ page }) => {
  const id = await documentOf('Launch Checklist', 'Step 1: pick a date.');
  await signInAs(page, await createUser({ role: 'admin' }));
  await page.goto('/admin/users?tab=products');
  await page.getByRole('tab', { name: 'Product Management' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Launch Checklist' });
  await expect(row).toContainText('Not for sale');
  await row.getByRole('button', { name: 'Edit product Launch Checklist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit product: Launch Checklist' });
  await dialog.getByLabel('Price', { exact: true }).fill('19.999abc');
  await expect(dialog.getByText('Saved as 20.00 USD')).toBeVisible();
  await dialog.getByLabel('Price', { exact: true }).fill('19.99');
  const slider = dialog.getByRole('slider');
  await expect(slider).toHaveValue('10');
  await slider.focus();
  for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByText('Max downloads per purchase: 2')).toBeVisible();
  await dialog.getByLabel('Stripe price id').fill('price_checklist');
  await dialog.getByLabel('Summary').fill('A one-page plan for launch week.');
  await screenshots(page, 'admin-product-edit');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page)).toContainText('Document Updated');
  await expect(toast(page)).toContainText('The document has been successfully updated.');
  await expect(row).toContainText('For sale');
  await expect(row).toContainText('$19.99');
  await expect(row).toContainText('0 / 2');
  expect(await seriousViolations(page)).toEqual([]);
  await expect(row.getByRole('link', { name: 'Launch Checklist' })).toHaveAttribute('href', `/product/${id}`);
});

test('a visitor buys on Stripe Checkout and downloads the file twice, then the limit stops them', async ({ page }) => {
  const id = await documentOf('Launch Checklist', 'Step 1: pick a date.\nStep 2: warm up the list.');
  await putOnSale(id, { price: 19.99, stripe_price_id: 'price_checklist', max_downloads: 2, product_summary: 'A one-page plan for launch week.' });

  await page.goto(`/product/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Launch Checklist' })).toBeVisible();
  await expect(page.getByText('$19.99')).toBeVisible();
  await expect(page.getByText('A one-page plan for launch week.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'product');

  await page.getByRole('button', { name: 'Buy Now & Download' }).click();
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_URL}/pay/cs_test_`));
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/purchase-success\\?product_id=${id}&session_id=cs_test_`));
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  await screenshots(page, 'purchase-success');

  const first = await downloadText(page);
  expect(first).toEqual({ name: 'Launch_Checklist.txt', text: 'Step 1: pick a date.\nStep 2: warm up the list.' });
  await expect(toast(page)).toContainText('Download Started');
  await expect(page.getByText('Download 1 of 2.')).toBeVisible();
  await downloadText(page);
  await page.getByRole('button', { name: 'Download Now' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Download Limit Reached' }).first()).toContainText('You cannot download this file anymore.');
});

test('cancelling at checkout comes back to Payment Cancelled; nothing is downloadable', async ({ page }) => {
  const id = await documentOf('Swipe File', 'Headlines.');
  await putOnSale(id, { price: 5, stripe_price_id: 'price_swipe' });
  await page.goto(`/product/${id}`);
  await page.getByRole('button', { name: 'Buy Now & Download' }).click();
  await page.getByRole('button', { name: 'Cancel and go back' }).click();
  await expect(page).toHaveURL('/purchase-cancelled');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Cancelled' })).toBeVisible();
  await expect(page.getByText('You have not been charged.')).toBeVisible();
});

test("the spec's refusals: no price id, unknown product, a success page without a product", async ({ page }) => {
  const id = await documentOf('Unpriced', 'x');
  await putOnSale(id, { price: 9 });
  await page.goto(`/product/${id}`);
  await page.getByRole('button', { name: 'Buy Now & Download' }).click();
  await expect(toast(page)).toContainText('Configuration Error');
  await expect(toast(page)).toContainText('This product is not configured for sale. Missing Stripe Price ID.');
  await expect(page).toHaveURL(`/product/${id}`);

  await page.goto('/product/00000000-0000-0000-0000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Product Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the homepage' })).toHaveAttribute('href', '/');

  await page.goto('/purchase-success?product_id=00000000-0000-0000-0000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Error Retrieving Product' })).toBeVisible();
});
