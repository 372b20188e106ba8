import { test, type Page } from '@playwright/test';
import { expect, lookAt, member } from './prompts-support.ts';
import { STRIPE_URL } from './ports.ts';
import { screenshots, watchErrors } from './screens.ts';
import { signInAs } from './support.ts';

/**
 * Subscriptions end to end: Upgrade to Pro on /billing goes through the fake Stripe's Checkout,
 * the webhook records the subscription and the page says Pro; the premium prompt opens whole. The
 * Customer Portal cancels (banner with the end date) and a failed renewal shows the past-due banner.
 */

test.describe.configure({ timeout: 180_000 });

/** Holds the fake Stripe's subscription events back (true) or sends the held ones (false). */
async function holdEvents(hold: boolean) {
  const res = await fetch(`${STRIPE_URL}/__fake/hold`, { method: 'POST', body: JSON.stringify({ hold }) });
  expect(res.ok).toBe(true);
}

const proCard = (page: Page) => page.getByRole('region', { name: 'Pro' });
const longDate = (date: Date) => date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

test('upgrade to Pro through Checkout, see the premium stack unlocked; cancel and fail a renewal in the portal', async ({ page }) => {
  const errors = watchErrors(page);
  const { user } = await member();
  await signInAs(page, user);
  await page.goto('/billing');
  await expect(page.getByText("You're on the Free plan.", { exact: false })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Manage subscription' })).toHaveCount(0);
  await lookAt(page, 'billing-free');

  await proCard(page).getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('$29.00').first()).toBeVisible();
  // The webhook lands late: the page says it is confirming, and asks again until it has.
  await holdEvents(true);
  await page.getByRole('button', { name: 'Pay $29.00' }).click();

  await expect(page).toHaveURL(/\/billing\?checkout=success/);
  await expect(page.getByRole('status').filter({ hasText: 'Confirming your payment…' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("You're on the Free plan.", { exact: false })).toBeVisible();
  await expect(proCard(page).getByRole('button', { name: 'Upgrade to Pro' })).toBeDisabled();
  await screenshots(page, 'billing-confirming');
  await holdEvents(false);
  await expect(page.getByRole('status').filter({ hasText: 'Payment confirmed: welcome to Pro!' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Confirming your payment…')).toHaveCount(0);
  await expect(page.getByText("You're on the Pro plan.", { exact: false })).toBeVisible();
  await expect(proCard(page).getByText('Current Plan', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Team' }).getByRole('button', { name: 'Switch to Team' })).toBeVisible();
  await lookAt(page, 'billing-pro-subscribed');

  // The premium prompt stack is unlocked: the whole text, ready to run.
  await page.goto('/run-prompt/fp4');
  await expect(page.getByRole('heading', { level: 1, name: 'Advanced SEO Strategy' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Run prompt' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('alert').filter({ hasText: 'Subscription required' })).toHaveCount(0);
  await page.getByLabel('Main competitors?').fill('Moz');
  await expect(page.getByLabel('Prompt to send')).toHaveValue(/competing with Moz\. Cover keyword clusters/);

  // Cancel in the portal: back on Billing, the plan ends at the period's end.
  await page.goto('/billing');
  await page.getByRole('button', { name: 'Manage subscription' }).click();
  await expect(page.getByRole('heading', { name: 'Test customer portal' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(page.getByText('Your plan will be canceled on')).toBeVisible();
  await page.getByRole('link', { name: 'Return to AI Vault' }).click();
  const periodEnd = new Date(Date.now() + 30 * 86_400_000);
  const ending = page.getByRole('alert', { name: /^Your Pro plan ends on / });
  await expect(ending).toBeVisible({ timeout: 30_000 });
  // The fake's period is 30 days from the purchase (a day either side at midnight UTC).
  await expect(ending).toContainText(
    new RegExp(`ends on (${longDate(periodEnd)}|${longDate(new Date(periodEnd.getTime() - 86_400_000))})`),
  );
  await expect(page.getByText("You're on the Pro plan.", { exact: false })).toBeVisible();

  // A renewal the card refuses: past due, Pro kept until the new period end.
  await page.getByRole('button', { name: 'Manage subscription' }).click();
  await page.getByRole('button', { name: 'Renew plan' }).click();
  await page.getByRole('button', { name: 'Renew now with a failing card' }).click();
  await expect(page.getByText('Past due')).toBeVisible();
  await page.getByRole('link', { name: 'Return to AI Vault' }).click();
  const pastDue = page.getByRole('alert', { name: 'Your last payment failed' });
  await expect(pastDue).toBeVisible({ timeout: 30_000 });
  await expect(pastDue).toContainText(/payment|charge/);
  await expect(pastDue).toContainText('Update your card in "Manage subscription": you keep Pro until');
  await expect(page.getByRole('alert', { name: /ends on/ })).toHaveCount(0);
  await lookAt(page, 'billing-past-due');
  expect(errors).toEqual([]);
});

test('a cancelled Checkout says nothing was charged and leaves the plan as it was', async ({ page }) => {
  const { user } = await member(null);
  await signInAs(page, user);
  await page.goto('/billing');
  await page.getByRole('region', { name: 'Team' }).getByRole('button', { name: 'Upgrade to Team' }).click();
  await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Cancel and go back' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Checkout cancelled: nothing was charged.' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("You're on the Free plan.", { exact: false })).toBeVisible();
});

test('Billing is reachable from Settings (with the current plan) and from the account menu', async ({ page }) => {
  const errors = watchErrors(page);
  const { user } = await member();
  await signInAs(page, user);
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Plan and billing' });
  await expect(card).toContainText('You are on the Free plan.');
  await lookAt(page, 'settings-plan-card');
  await card.getByRole('link', { name: 'Billing' }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();

  // The account menu under the sidebar: on the dashboard it is the only Billing link; keyboard works.
  await page.goto('/dashboard');
  const menuLink = page.getByRole('link', { name: 'Billing', exact: true });
  await expect(menuLink).toHaveCount(1);
  await menuLink.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/billing$/);
  await expect(menuLink).toHaveAttribute('aria-current', 'page');
  expect(errors).toEqual([]);
});
