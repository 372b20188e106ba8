import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { FAKE_STRIPE_SECRET_KEY } from '../fixtures/fake-stripe.ts';
import { STRIPE_URL } from './ports.ts';
import { screenshots, seriousViolations, toast } from './screens.ts';
import { downloadFile } from './purchase-support.ts';
import { anonClient, createUser, serviceClient, signInAs } from './support.ts';

/**
 * Digital products (product page, checkout, download, Product Management): an admin puts a generated
 * document on sale; a visitor buys it on the fake Stripe and downloads it up to the limit.
 */

async function documentOf(name: string, content: string): Promise<string> {
  const owner = await createUser();
  const { data, error } = await serviceClient()
    .from('generated_documents')
    .insert({ user_id: owner.id, name, content })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

async function putOnSale(id: string, fields: Record<string, unknown>) {
  const { error } = await serviceClient()
    .from('generated_documents')
    .update({ is_digital_product: true, ...fields })
    .eq('id', id);
  if (error) throw new Error(error.message);
}

/** The next call to the fake Stripe's API fails like this (the fake's /__fake/fail-next). */
async function stripeFailsNext(failure: { status: number; type: string; message: string }) {
  const res = await fetch(`${STRIPE_URL}/__fake/fail-next`, { method: 'POST', body: JSON.stringify(failure) });
  if (!res.ok) throw new Error(`fake Stripe answered ${res.status}`);
}

/** What the download function answers for this session, as the success page would ask it. */
async function downloadAnswer(sessionId: string): Promise<{ status: number; body: unknown }> {
  const { data, error } = await anonClient().functions.invoke('purchase-download', { body: { sessionId } });
  const context = (error as { context?: Response } | null)?.context;
  return error ? { status: context?.status ?? 0, body: await context?.json() } : { status: 200, body: data };
}

test('an admin prices a document in Product Management; the list updates in place', async ({ page }) => {
  // Admins see every document: a name of its own keeps other tests' (and a retry's) out of this row.
  const name = `Launch Checklist ${randomBytes(3).toString('hex')}`;
  const id = await documentOf(name, 'Step 1: pick a date.');
  await signInAs(page, await createUser({ role: 'admin' }));
  await page.goto('/admin/users?tab=products');
  await page.getByRole('tab', { name: 'Product Management' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Not for sale');
  await row.getByRole('button', { name: `Edit product ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit product: ${name}` });
  // The dialog opens on the document's state: not for sale until the admin says so.
  const forSale = dialog.getByRole('switch', { name: 'For sale on its product page' });
  await expect(forSale).not.toBeChecked();
  await forSale.check();
  await dialog.getByLabel('Price', { exact: true }).fill('19.999abc');
  await expect(dialog.getByText('Saved as 20.00 USD')).toBeVisible();
  await dialog.getByLabel('Price', { exact: true }).fill('19.99');
  const slider = dialog.getByRole('slider');
  await expect(slider).toHaveValue('10');
  await slider.focus();
  for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByText('Max downloads per purchase: 2')).toBeVisible();
  // The price is created in Stripe by the server (the default for a document without a price id)…
  await expect(dialog.getByRole('radio', { name: 'Create it in Stripe from the price above' })).toBeChecked();
  await expect(dialog.getByLabel('Stripe price id', { exact: true })).toHaveCount(0);
  // …and buyers receive the document as a Word file.
  await expect(dialog.getByText('Current file: No file yet: it is prepared at the first download.')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Render the document as' }).click();
  await page.getByRole('option', { name: 'Word (DOCX)' }).click();
  await dialog.getByLabel('Summary').fill('A one-page plan for launch week.');
  await screenshots(page, 'admin-product-edit');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page)).toContainText('Document Updated');
  await expect(toast(page)).toContainText('The document has been successfully updated.');
  await expect(row).toContainText('For sale');
  await expect(row).toContainText('$19.99');
  await expect(row).toContainText('Owner 0 · Buyers 0');
  await expect(row).toContainText('0 sales · limit 2 each');
  expect(await seriousViolations(page)).toEqual([]);
  await expect(row.getByRole('link', { name })).toHaveAttribute('href', `/product/${id}`);

  const { data: saved } = await serviceClient().from('generated_documents').select('stripe_price_id').eq('id', id).single();
  const priceId = (saved as { stripe_price_id: string | null }).stripe_price_id ?? '';
  const price = await fetch(`${STRIPE_URL}/v1/prices/${priceId}`, { headers: { authorization: `Bearer ${FAKE_STRIPE_SECRET_KEY}` } });
  expect(await price.json()).toMatchObject({ id: priceId, unit_amount: 1999, currency: 'usd' });
  const { data: files } = await serviceClient().storage.from('deliverables').list(id);
  expect(files?.map((f) => f.name)).toEqual(['rendered.docx']);

  // Reopened: the current file is named, and a pasted price id is still possible.
  await row.getByRole('button', { name: `Edit product ${name}` }).click();
  await expect(dialog.getByText(`Current file: ${name.replaceAll(' ', '_')}.docx`)).toBeVisible();
  await dialog.getByRole('radio', { name: 'Use an existing Stripe price id' }).check();
  await dialog.getByLabel('Stripe price id', { exact: true }).fill('price_managed_elsewhere');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('For sale');
  const { data: pasted } = await serviceClient().from('generated_documents').select('stripe_price_id').eq('id', id).single();
  expect(pasted).toEqual({ stripe_price_id: 'price_managed_elsewhere' });
});

test('a visitor buys on Stripe Checkout and downloads the file twice, then the limit stops them', async ({ page }) => {
  const id = await documentOf('Launch Checklist', 'Step 1: pick a date.\nStep 2: warm up the list.');
  await putOnSale(id, {
    price: 19.99,
    stripe_price_id: 'price_checklist',
    max_downloads: 2,
    product_summary: 'A one-page plan for launch week.',
  });

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

  // A document without a chosen format is delivered as PDF.
  expect(await downloadFile(page)).toEqual({ name: 'Launch_Checklist.pdf', start: '%PDF-' });
  await expect(toast(page)).toContainText('Download Started');
  await expect(page.getByText('Download 1 of 2.')).toBeVisible();
  await downloadFile(page);
  await page.getByRole('button', { name: 'Download Now' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Download Limit Reached' }).first()).toContainText(
    'You cannot download this file anymore.',
  );
});

test('opening Edit on a plain document and saving leaves it off sale', async ({ page }) => {
  const id = await documentOf('Private Notes', 'Only mine.');
  await signInAs(page, await createUser({ role: 'admin' }));
  await page.goto('/admin/users?tab=products');
  await page.getByRole('tab', { name: 'Product Management' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Private Notes' });
  await row.getByRole('button', { name: 'Edit product Private Notes' }).click();
  await page.getByRole('dialog', { name: 'Edit product: Private Notes' }).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page)).toContainText('Document Updated');
  await expect(row).toContainText('Not for sale');
  const { data } = await anonClient().from('products_for_sale').select('id').eq('id', id);
  expect(data).toEqual([]);
});

test('cancelling at checkout comes back to Payment Cancelled; nothing is downloadable', async ({ page }) => {
  const id = await documentOf('Swipe File', 'Headlines.');
  await putOnSale(id, { price: 5, stripe_price_id: 'price_swipe' });
  await page.goto(`/product/${id}`);
  await page.getByRole('button', { name: 'Buy Now & Download' }).click();
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_URL}/pay/cs_test_`));
  const sessionId = new URL(page.url()).pathname.split('/').pop()!;
  await page.getByRole('button', { name: 'Cancel and go back' }).click();
  await expect(page).toHaveURL('/purchase-cancelled');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Cancelled' })).toBeVisible();
  await expect(page.getByText('You have not been charged.')).toBeVisible();

  // The download function refuses the unpaid session…
  expect(await downloadAnswer(sessionId)).toEqual({
    status: 402,
    body: { title: 'Payment Not Completed', error: 'This payment has not been completed, so the download is not available.' },
  });
  // …and its success address, opened by hand, offers no download.
  await page.goto(`/purchase-success?product_id=${id}&session_id=${sessionId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Not Completed' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download Now' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toHaveCount(0);
});

test('a success address typed without paying is not shown as paid', async ({ page }) => {
  const id = await documentOf('Ebook', 'Chapter 1.');
  await putOnSale(id, { price: 7, stripe_price_id: 'price_ebook' });
  for (const query of [`product_id=${id}`, `product_id=${id}&session_id=cs_test_madeup123`]) {
    await page.goto(`/purchase-success?${query}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Not Confirmed' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download Now' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toHaveCount(0);
  }
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'purchase-not-confirmed');
  await page.getByRole('link', { name: 'Back to the product' }).click();
  await expect(page).toHaveURL(`/product/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ebook' })).toBeVisible();
});

test('a paid session of another product does not unlock this one', async ({ page }) => {
  const bought = await documentOf('Cheap Thing', 'Cheap.');
  const other = await documentOf('Dear Thing', 'Dear.');
  await putOnSale(bought, { price: 1, stripe_price_id: 'price_cheap' });
  await putOnSale(other, { price: 99, stripe_price_id: 'price_dear' });
  await page.goto(`/product/${bought}`);
  await page.getByRole('button', { name: 'Buy Now & Download' }).click();
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  const sessionId = new URL(page.url()).searchParams.get('session_id');
  await page.goto(`/purchase-success?product_id=${other}&session_id=${sessionId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Not Confirmed' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download Now' })).toHaveCount(0);
});

test("payment errors: not configured (the product's text) and Stripe's own message as Payment Error", async ({ page }) => {
  const id = await documentOf('Course Outline', 'Module 1.');
  await putOnSale(id, { price: 15, stripe_price_id: 'price_outline' });
  await page.goto(`/product/${id}`);
  const buy = page.getByRole('button', { name: 'Buy Now & Download' });

  // Stripe refuses the stack's secret key: payments are not configured.
  await stripeFailsNext({ status: 401, type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****6789' });
  await buy.click();
  await expect(toast(page)).toContainText('Stripe Not Configured');
  await expect(toast(page)).toContainText('The application is not yet configured for payments. Please provide a Stripe Publishable Key.');
  await expect(page).toHaveURL(`/product/${id}`);
  await expect(buy).toBeEnabled();

  // Any other refusal: Payment Error with the provider's message; the buyer stays and may retry.
  await stripeFailsNext({ status: 400, type: 'invalid_request_error', message: 'Your account cannot currently make live charges.' });
  await buy.click();
  await expect(toast(page).filter({ hasText: 'Payment Error' })).toContainText('Your account cannot currently make live charges.');
  await expect(page).toHaveURL(`/product/${id}`);
  await expect(buy).toBeEnabled();
  await buy.click();
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_URL}/pay/cs_test_`));
});

test("the product's refusals: no price id, unknown product, a success page without a product", async ({ page }) => {
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
