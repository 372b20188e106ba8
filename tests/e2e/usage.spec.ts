import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { usageFromCsv } from '@/shared/core/usage/csv.ts';
import { ledgerRowOf, userPriceOf, utcDay } from '@/shared/core/usage/ledger.ts';
import { monthLabel, monthPeriod } from '@/shared/core/usage/report.ts';
import { SCREENSHOT_DIR } from './chromium.ts';
import { DESKTOP, MOBILE, screenshots, seriousViolations, toast, watchErrors } from './screens.ts';
import { anonClient, createUser, serviceClient, signInAs, type TestUser } from './support.ts';

/**
 * /usage in real Chromium against the e2e stack: ledger rows seeded as the signed-in user (the
 * owner adds their own rows, as the recorder does), the month against the one before, the charts
 * drawn from them, "price unknown" with tokens, links to what a run belongs to, the CSV export read
 * back, a price of one's own applying to the next call only, a budget's bar, the currency; a team
 * owner's per-member card; an admin's totals. Screenshots in light and dark, desktop and mobile.
 */

test.use({ viewport: DESKTOP, colorScheme: 'light' });

/** A supabase-js client signed in as the user (their RLS, their rows). */
async function clientOf(user: TestUser): Promise<SupabaseClient> {
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email: user.email, password: user.password });
  if (error) throw new Error(error.message);
  return client;
}

const TRICKY_MODEL = 'acme, "turbo"\nv2';
const LOCAL_MODEL = 'llama3.1:8b';

type Seed = Record<string, unknown>;

function call(over: Seed): Seed {
  return {
    feature: 'run',
    surface: 'dashboard',
    provider: 'openai',
    model: 'gpt-6.1-terra',
    input_tokens: 10_000,
    cached_input_tokens: 0,
    cache_write_input_tokens: 0,
    output_tokens: 2_000,
    estimated: false,
    outcome: 'done',
    ...over,
  };
}

/** This month: $4.00 known over 3 calls, 2 calls of unknown price (6,500 tokens); last month: $2.00 in 1 call. */
async function seedLedger(user: TestUser, client: SupabaseClient): Promise<{ conversationId: string }> {
  const { data: conversation, error: convError } = await serviceClient()
    .from('conversations')
    .insert({ user_id: user.id, title: 'Launch plan chat', provider: 'openai', source: 'chat' })
    .select('id')
    .single();
  if (convError) throw new Error(convError.message);
  const conversationId = (conversation as { id: string }).id;
  const now = new Date();
  const month = monthPeriod(now);
  const early = new Date(Date.parse(month.from) + 3_600_000).toISOString();
  const recent = new Date(now.getTime() - 60_000).toISOString();
  const lastMonth = new Date(Date.parse(monthPeriod(now, -1).from) + 10 * 86_400_000).toISOString();
  const price = {
    source: 'table',
    model: 'gpt-6.1-terra',
    inputPerMillion: 1_000_000,
    outputPerMillion: 5_000_000,
    sourceUrl: 'https://example.com/p',
  };
  const rows = [
    call({ cost_micros: 1_250_000, price, subject_kind: 'conversation', subject_id: conversationId, feature: 'chat', created_at: early }),
    call({
      cost_micros: 750_000,
      price,
      subject_kind: 'conversation',
      subject_id: conversationId,
      feature: 'follow_up',
      created_at: recent,
    }),
    call({ provider: 'anthropic', model: 'claude-sonnet-5-5', feature: 'document', cost_micros: 2_000_000, price, created_at: recent }),
    call({
      provider: 'chatgpt_custom',
      model: LOCAL_MODEL,
      input_tokens: 5_000,
      output_tokens: 1_000,
      cost_micros: null,
      price: null,
      created_at: recent,
    }),
    call({
      provider: 'chatgpt_custom',
      model: TRICKY_MODEL,
      input_tokens: 300,
      output_tokens: 200,
      estimated: true,
      outcome: 'stopped',
      cost_micros: null,
      price: null,
      created_at: early,
    }),
    call({ cost_micros: 2_000_000, price, created_at: lastMonth }),
  ];
  const { error } = await client.from('usage_events').insert(rows);
  if (error) throw new Error(error.message);
  return { conversationId };
}

const figure = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('the Usage page shows the month from real ledger rows, exports them, and takes prices, budgets and a currency', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  const user = await createUser();
  const client = await clientOf(user);
  const { conversationId } = await seedLedger(user, client);
  const now = new Date();
  const previousMonth = monthLabel(monthPeriod(now, -1));

  await signInAs(page, user);
  await page.goto('/settings');
  await page.getByRole('region', { name: 'Usage and budgets' }).getByRole('link', { name: 'Usage', exact: true }).click();
  await expect(page).toHaveURL('/usage');
  await expect(page.getByRole('heading', { level: 1, name: 'Usage' })).toBeVisible();

  // This month against the last.
  const spend = figure(page, 'Spend');
  await expect(spend.getByText('$4.00', { exact: true })).toBeVisible();
  await expect(spend.getByText(`$2.00 in ${previousMonth}`)).toBeVisible();
  await expect(spend.getByText(/^Up 100% on /)).toBeVisible();
  await expect(spend.getByText('Price unknown: 2 calls, 6.5K tokens')).toBeVisible();
  await expect(figure(page, 'Calls').getByText('5', { exact: true })).toBeVisible();
  await expect(figure(page, 'Calls').getByText('1 with tokens estimated (the provider reported none)')).toBeVisible();
  await expect(figure(page, 'Tokens').getByText('35,300 in · 7,200 out')).toBeVisible();

  // The charts are drawn from those rows: a bar per day with spend, a bar per feature, provider and model with a known cost.
  const dayChart = page.getByRole('figure', { name: /^Spend by day in / });
  await expect(dayChart.locator('svg')).toBeVisible();
  await expect(dayChart.locator('.MuiBarChart-element').first()).toBeVisible();
  const drawn = async (name: RegExp) => {
    const bars = page.getByRole('figure', { name }).locator('.MuiBarChart-element');
    await expect(bars.first()).toBeVisible();
    return bars.count();
  };
  expect(await drawn(/^By feature: /)).toBe(3);
  expect(await drawn(/^By provider: /)).toBe(2);
  expect(await drawn(/^By model: /)).toBe(2);

  // Unknown prices read as such, with tokens; never $0.
  const models = page.getByRole('table', { name: 'By model' });
  const localRow = models.getByRole('row').filter({ hasText: LOCAL_MODEL });
  await expect(localRow.getByText('Price unknown')).toBeVisible();
  await expect(localRow.getByRole('cell', { name: '6K tokens', exact: true })).toBeVisible();
  await expect(localRow).not.toContainText('$0');
  await expect(page.getByRole('table', { name: 'By provider' }).getByRole('row').filter({ hasText: 'Anthropic' })).toContainText('$2.00');

  // The most expensive runs link to what they belong to.
  const runs = page.getByRole('region', { name: 'Most expensive runs' });
  const chat = runs.getByRole('link', { name: 'Launch plan chat' });
  await expect(chat).toHaveAttribute('href', `/conversations/${conversationId}`);
  await expect(runs.getByRole('listitem').first()).toContainText('Launch plan chat');
  await expect(runs.getByRole('listitem').first()).toContainText('$2.00');
  await expect(runs.getByRole('listitem').filter({ hasText: 'Document (one call)' })).toContainText('$2.00');

  await screenshots(page, 'usage');
  expect(await seriousViolations(page), '/usage').toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await screenshots(page, 'usage-dark');
  expect(await seriousViolations(page), '/usage in dark mode').toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });

  // CSV of this month: the same rows as the ledger, odd model names and all.
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export usage as CSV' });
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^ai-vault-usage-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = usageFromCsv(await readFile((await download.path())!, 'utf8'));
  const month = monthPeriod(now);
  const { data: stored, error } = await client
    .from('usage_events')
    .select('*')
    .gte('created_at', month.from)
    .lt('created_at', month.to)
    .order('created_at')
    .order('id');
  if (error) throw new Error(error.message);
  const withoutUser = (stored as Record<string, unknown>[]).map(({ user_id: _user, ...rest }) => rest);
  expect(exported.map((r) => ({ ...r, created_at: Date.parse(r.created_at) }))).toEqual(
    withoutUser.map((r) => ({ ...r, created_at: Date.parse(String(r.created_at)) })),
  );
  expect(exported.map((r) => r.model)).toContain(TRICKY_MODEL);
  await expect(toast(page)).toContainText('5 calls in ai-vault-usage-');

  // A price of one's own for the local model: refused when it is not a number, then applied to the next call only.
  await models.getByRole('row').filter({ hasText: LOCAL_MODEL }).getByRole('link', { name: 'Set your price' }).click();
  await expect(page).toHaveURL('/usage?tab=settings');
  const priceDialog = page.getByRole('dialog', { name: 'Set your price for a model' });
  await expect(priceDialog.getByLabel('Model')).toHaveValue(LOCAL_MODEL);
  await expect(priceDialog.getByText('Your prices apply to calls made from now on.', { exact: false })).toBeVisible();
  await priceDialog.getByLabel('Input', { exact: true }).fill('-1');
  await priceDialog.getByRole('button', { name: 'Save' }).click();
  await expect(priceDialog.getByText('Enter the input price as an amount of 0 or more, with at most 6 decimals.')).toBeVisible();
  await expect(priceDialog.getByText('Enter the output price (0 for a free or local model).')).toBeVisible();
  await priceDialog.getByLabel('Input', { exact: true }).fill('0.5');
  await priceDialog.getByLabel('Output', { exact: true }).fill('1');
  await priceDialog.getByRole('button', { name: 'Save' }).click();
  await expect(priceDialog).toBeHidden();
  const prices = page.getByRole('region', { name: 'Your prices' });
  await expect(prices.getByText(`Custom ChatGPT · ${LOCAL_MODEL}`)).toBeVisible();
  await expect(prices.getByText('$0.50 in · $1.00 out per 1M tokens')).toBeVisible();
  await expect(prices.getByText('Your prices apply to calls made from now on.', { exact: false })).toBeVisible();

  // The next call of that model is recorded at the user's price (the recorder's own row maker, with the price as stored).
  const { data: overrides } = await client.from('usage_price_overrides').select('*');
  const next = ledgerRowOf(
    {
      provider: 'chatgpt_custom',
      model: LOCAL_MODEL,
      reported: { inputTokens: 5_000, outputTokens: 1_000, cachedInputTokens: null },
      promptChars: 0,
      outputChars: 0,
      outcome: 'done',
    },
    { feature: 'run', surface: 'dashboard' },
    (overrides as Parameters<typeof userPriceOf>[0][]).map(userPriceOf),
    utcDay(),
  );
  expect(next.cost_micros).toBe(3_500);
  const inserted = await client.from('usage_events').insert(next);
  if (inserted.error) throw new Error(inserted.error.message);
  await page.getByRole('tab', { name: 'Overview' }).click();
  const localNow = page.getByRole('table', { name: 'By model' }).getByRole('row').filter({ hasText: LOCAL_MODEL });
  // The new call has its cost; the one recorded before the price stays unknown.
  await expect(localNow).toContainText('$0.0035');
  await expect(localNow).toContainText('+ 1 unknown (6K tokens)');

  // A monthly budget: refused at 0, then its bar at 80% in the warning colour.
  await page.getByRole('tab', { name: 'Budgets and prices' }).click();
  const budgets = page.getByRole('region', { name: 'Monthly budgets' });
  await expect(budgets.getByText('No budgets yet.', { exact: false })).toBeVisible();
  await budgets.getByRole('button', { name: 'Add budget' }).click();
  const budgetDialog = page.getByRole('dialog', { name: 'Add a monthly budget' });
  await budgetDialog.getByLabel('Monthly budget').fill('0');
  await budgetDialog.getByRole('button', { name: 'Save' }).click();
  await expect(budgetDialog.getByText('Enter a monthly budget above 0, with at most 6 decimals.')).toBeVisible();
  await budgetDialog.getByLabel('Monthly budget').fill('5');
  await budgetDialog.getByLabel('Stop AI calls until the month ends').check();
  await budgetDialog.getByRole('button', { name: 'Save' }).click();
  await expect(budgetDialog).toBeHidden();
  const bar = budgets.getByRole('progressbar', { name: 'Overall (every provider) budget used' });
  await expect(bar).toHaveAttribute('aria-valuenow', '80');
  await expect(budgets.getByText('$4.00 of $5.00 (80%)')).toBeVisible();
  await expect(budgets.getByText('Over 80%')).toBeVisible();
  // MUI's warning colour (light scheme), not the primary one.
  await expect(bar.locator('.MuiLinearProgress-bar').first()).toHaveCSS('background-color', 'rgb(237, 108, 2)');
  await expect(budgets.getByText('Overall (every provider): $5.00 a month, stops at 100%')).toBeVisible();
  await screenshots(page, 'usage-settings');
  expect(await seriousViolations(page), '/usage?tab=settings').toEqual([]);

  // The currency: a wrong code is refused; euros at 0.5 per dollar halve every amount.
  const currency = page.getByRole('region', { name: 'Currency and confirmations' });
  await currency.getByLabel('Currency').fill('EURO');
  await expect(currency.getByLabel('Currency')).toHaveValue('EUR');
  await currency.getByLabel('Currency').fill('QQ');
  await currency.getByRole('button', { name: 'Save' }).click();
  await expect(currency.getByText('Enter a three-letter currency code, such as EUR or GBP.')).toBeVisible();
  await currency.getByLabel('Currency').fill('EUR');
  await currency.getByLabel('EUR per US dollar').fill('0.5');
  await currency.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page)).toContainText('Usage settings saved');
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(figure(page, 'Spend').getByText('€2.00', { exact: true })).toBeVisible();
  // Settings links back.
  await page.getByRole('tab', { name: 'Budgets and prices' }).click();
  await currency.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL('/settings');
  expect(errors).toEqual([]);
});

test('a month without calls says so and what to do', async ({ page }) => {
  await signInAs(page, await createUser());
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Usage', exact: true }).click();
  await expect(page).toHaveURL('/usage');
  await expect(page.getByRole('heading', { name: 'No AI calls yet this month' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Run a prompt' })).toBeVisible();
  // Nothing this month or the last: no cards of zeros.
  await expect(figure(page, 'Spend')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Usage per member' })).toHaveCount(0);
  await page.setViewportSize(MOBILE);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/usage-empty-mobile.png`, fullPage: true });
});

test('a team owner sees what each member spent; a member does not', async ({ page, browser }) => {
  const owner = await createUser();
  const member = await createUser();
  const service = serviceClient();
  const { error: subError } = await service.from('subscriptions').insert({
    user_id: owner.id,
    stripe_customer_id: `cus_${owner.id}`,
    stripe_subscription_id: `sub_${owner.id}`,
    plan: 'team',
    status: 'active',
    current_period_end: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  });
  if (subError) throw new Error(subError.message);
  const ownerClient = await clientOf(owner);
  const ensured = await ownerClient.rpc('ensure_team');
  if (ensured.error) throw new Error(ensured.error.message);
  const { data: team } = await service.from('teams').select('id').eq('owner_id', owner.id).single();
  const { error: joinError } = await service
    .from('team_members')
    .insert({ team_id: (team as { id: string }).id, user_id: member.id, email: member.email, role: 'editor' });
  if (joinError) throw new Error(joinError.message);
  const memberClient = await clientOf(member);
  const seeded = await memberClient
    .from('usage_events')
    .insert([call({ cost_micros: 1_500_000 }), call({ cost_micros: null, provider: 'chatgpt_custom', model: LOCAL_MODEL })]);
  if (seeded.error) throw new Error(seeded.error.message);

  await signInAs(page, owner);
  await page.goto('/usage');
  const card = page.getByRole('region', { name: 'Usage per member' });
  const memberRow = card.getByRole('row').filter({ hasText: member.email });
  await expect(memberRow).toContainText('2');
  await expect(memberRow).toContainText('$1.50');
  await expect(memberRow).toContainText('+ 1 of unknown price');
  await expect(card.getByRole('row').filter({ hasText: owner.email })).toContainText('$0.00');

  const other = await browser.newPage();
  await signInAs(other, member);
  await other.goto('/usage');
  await expect(figure(other, 'Spend').getByText('$1.50', { exact: true })).toBeVisible();
  await expect(other.getByRole('region', { name: 'Usage per member' })).toHaveCount(0);
  await other.close();
});

test('an admin sees everybody’s totals, without anyone’s calls', async ({ page }) => {
  const someone = await createUser();
  const client = await clientOf(someone);
  const seeded = await client
    .from('usage_events')
    .insert(call({ provider: 'cohere', model: 'command-a-03-2025', feature: 'smart_query', cost_micros: 10_000 }));
  if (seeded.error) throw new Error(seeded.error.message);
  await signInAs(page, await createUser({ role: 'admin' }));
  await page.goto('/admin/users?tab=usage');
  await expect(page.getByRole('heading', { name: 'AI usage, last 30 days' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Per provider' }).getByRole('row').filter({ hasText: 'Cohere' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Per feature' }).getByRole('row').filter({ hasText: 'Smart query' })).toBeVisible();
  await expect(page.getByText(someone.email)).toHaveCount(0);
});
