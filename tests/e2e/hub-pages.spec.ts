import { expect, test, type Page } from '@playwright/test';
import { createUser, serviceClient, signInAs, type TestUser } from './support.ts';
import { BILLING_ERRORS } from '@/shared/core/billingTexts.ts';
import { STRIPE_URL } from './ports.ts';
import { DESKTOP, screenshots, watchErrors } from './screens.ts';

/**
 * Hub pages: Billing and AI Features (the Training Hub has training.spec.ts). The
 * coming-soon buttons show coming-soon notices and also record the interest (feature_requests).
 */

/** The user's stored feature requests (service role: sees every row). */
async function requestsOf(user: TestUser): Promise<string[]> {
  const { data, error } = await serviceClient().from('feature_requests').select('feature').eq('user_id', user.id).order('feature');
  if (error) throw new Error(error.message);
  return (data ?? []).map((r) => r.feature as string);
}

async function open(page: Page, path: string, heading: string): Promise<TestUser> {
  const user = await createUser();
  await signInAs(page, user);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  return user;
}

test.use({ viewport: DESKTOP });

test('billing: Free, Pro and Team with USD prices; Free is current; when Stripe refuses, the upgrade offers the contact form', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await open(page, '/billing', 'Billing');
  const plan = (name: string) => page.getByRole('region', { name, exact: true });
  await expect(page.getByRole('main').getByRole('region')).toHaveCount(3);
  await expect(plan('Free')).toContainText('$0.00');
  await expect(plan('Pro')).toContainText('$29.00/month');
  await expect(plan('Team')).toContainText('$79.00/month');
  await expect(plan('Team')).toContainText('5 users included');
  await expect(plan('Free').getByText('Current Plan', { exact: true }).first()).toBeVisible();
  await expect(plan('Free').getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  // What each plan lists is what it delivers: Pro and Team add only what the database enforces for them.
  await expect(plan('Pro').getByRole('list', { name: 'Pro features' }).getByRole('listitem')).toHaveText([
    'Everything in Free',
    'Unlimited document generations',
    'Premium prompt stacks',
    'Change plan, update your card or cancel any time',
  ]);
  await expect(plan('Team').getByRole('list', { name: 'Team features' })).toContainText(
    'Team settings: invite, change roles, remove members',
  );
  await expect(plan('Pro').getByRole('button', { name: 'Upgrade to Pro' })).toBeEnabled();
  await expect(plan('Team').getByRole('button', { name: 'Upgrade to Team' })).toBeEnabled();
  await screenshots(page, 'billing');

  // Stripe refuses the secret key: payments are not set up, and the contact form is offered instead.
  const scripted = await fetch(`${STRIPE_URL}/__fake/fail-next`, {
    method: 'POST',
    body: JSON.stringify({ status: 401, type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_x' }),
  });
  expect(scripted.ok).toBe(true);
  await plan('Pro').getByRole('button', { name: 'Upgrade to Pro' }).click();
  const refused = page.getByRole('alert').filter({ hasText: BILLING_ERRORS.notConfigured });
  await expect(refused).toBeVisible();
  await refused.getByRole('link', { name: 'Contact us' }).click();
  await expect(page).toHaveURL(/\/contact\?subject=Upgrade%20to%20Pro$/);
  // The function's 503 is the one console line the refusal leaves.
  expect(errors.filter((e) => !e.includes('status of 503'))).toEqual([]);
});

test('AI features: Document Analysis and Smart Queries are available and open', async ({ page }) => {
  const errors = watchErrors(page);
  const user = await open(page, '/ai-features', 'AI Features');
  const analysis = page.getByRole('region', { name: 'Document Analysis' });
  const query = page.getByRole('region', { name: 'Smart Queries' });
  await expect(analysis).toBeVisible();
  await expect(query).toBeVisible();
  await expect(analysis.getByText('Available')).toBeVisible();
  await expect(query.getByText('Available')).toBeVisible();
  await expect(page.getByText('Coming soon')).toHaveCount(0);
  await screenshots(page, 'ai-features');

  await analysis.getByRole('link', { name: 'Go to Analysis' }).click();
  await expect(page).toHaveURL(/\/ai-features\/document-analysis$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Document Analysis' })).toBeVisible();
  await page.goBack();
  await query.getByRole('link', { name: 'Go to Query' }).click();
  await expect(page).toHaveURL(/\/ai-features\/smart-queries$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Smart Queries' })).toBeVisible();
  // Opening a live feature records no interest.
  expect(await requestsOf(user)).toEqual([]);
  expect(errors).toEqual([]);
});
