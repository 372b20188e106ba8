import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { STRIPE_URL } from './ports.ts';
import { downloadFile } from './purchase-support.ts';
import { screenshots, seriousViolations } from './screens.ts';
import { createUser, latestMail, linkIn, serviceClient, signInAs } from './support.ts';

/**
 * The storefront: a visitor finds a product on /products (signed out), a buyer pays on the fake
 * Stripe Checkout, downloads the PDF through its signed URL and finds the receipt in the mailbox.
 */

async function productOnSale(name: string): Promise<string> {
  const owner = await createUser();
  const { data, error } = await serviceClient()
    .from('generated_documents')
    .insert({ user_id: owner.id, name, content: '# Launch week\n\n1. Pick a date.\n2. Warm up the list.' })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  const id = (data as { id: string }).id;
  const listed = await serviceClient()
    .from('generated_documents')
    .update({
      is_digital_product: true,
      price: 24,
      stripe_price_id: 'price_playbook',
      max_downloads: 3,
      product_summary: 'Seven days, one plan.',
    })
    .eq('id', id);
  if (listed.error) throw new Error(listed.error.message);
  return id;
}

test('signed out, a visitor browses /products from the landing page; each card leads to its product page', async ({ page }) => {
  const name = `Launch Playbook ${randomBytes(3).toString('hex')}`;
  const id = await productOnSale(name);
  await page.goto('/');
  await page.getByRole('link', { name: 'Browse digital products' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page).toHaveTitle('Digital products — AI Vault');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /pay once on Stripe/);
  await expect(page.getByRole('heading', { level: 1, name: 'Digital products' })).toBeVisible();
  const card = page.getByRole('article', { name });
  await expect(card).toContainText('$24.00');
  await expect(card).toContainText('Seven days, one plan.');
  await expect(card).toContainText('Document');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'products');
  await card.getByRole('link', { name: 'View product' }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('a buyer pays on Checkout, downloads the PDF and receives the receipt with the download link', async ({ page }) => {
  const name = `Launch Playbook ${randomBytes(3).toString('hex')}`;
  const id = await productOnSale(name);
  const buyer = await createUser();
  await signInAs(page, buyer);
  await page.goto('/products');
  await page.getByRole('article', { name }).getByRole('link', { name: 'View product' }).click();
  await page.getByRole('button', { name: 'Buy Now & Download' }).click();
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_URL}/pay/cs_test_`));
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();

  expect(await downloadFile(page)).toEqual({ name: `${name.replaceAll(' ', '_')}.pdf`, start: '%PDF-' });
  await expect(page.getByText('Download 1 of 3.')).toBeVisible();

  const mail = await latestMail(buyer.email);
  expect(mail.subject).toBe(`Your receipt: ${name}`);
  expect(mail.text).toContain('Amount paid: $19.99');
  // The receipt's link is the purchase's success page: it downloads again, counted.
  await page.goto(linkIn(mail, `/purchase-success?product_id=${id}`));
  expect(await downloadFile(page)).toEqual({ name: `${name.replaceAll(' ', '_')}.pdf`, start: '%PDF-' });
  await expect(page.getByText('Download 2 of 3.')).toBeVisible();
});
