import { expect, test, type Locator, type Page } from '@playwright/test';
import { WebSocket } from 'ws';
import { SHARE_TEXTS } from '@/shared/core/shares.ts';
import { MAIL_TEXTS } from '@/shared/core/mail.ts';
import { TEAM_TEXTS } from '@/shared/core/teams.ts';
import { SCHEDULES_OFF_REASONS, SCHEDULES_OFF_STORED, SCHEDULES_OFF_TITLE } from '@/shared/core/workflows/schedulesStatus.ts';
import { WORKFLOW_DEFINITION_VERSION } from '@/shared/core/workflows/definition.ts';
import { createWorkflow } from '@/shared/data/workflows.ts';
import { DEFAULT_ANON_KEY, DEFAULT_SERVICE_ROLE_KEY } from '@/supabase/local/config.ts';
import mailStatus from '@/supabase/functions/mail-status/handler.ts';
import shareInvite from '@/supabase/functions/share-invite/handler.ts';
import teamInvite from '@/supabase/functions/team-invite/handler.ts';
import { monitored } from '@/supabase/functions/_shared/monitoring.ts';
import { promptStep as step } from '../fixtures/workflows.ts';
import { SCREENSHOT_DIR } from './chromium.ts';
import { STACK_URL, WEB_URL } from './ports.ts';
import { userClient } from './prompts-support.ts';
import { DESKTOP, MOBILE, seriousViolations, toast, watchErrors } from './screens.ts';
import { createUser, serviceClient, signInAs, type TestUser } from './support.ts';

/**
 * A project without a mailer, as its dashboard shows it. The e2e stack has one, so here the
 * functions concerned (mail-status, share-invite, team-invite) run in this test's process — their
 * own handler files, served as the stack serves them, against the e2e stack's database and Auth —
 * with no RESEND_API_KEY: the page's calls to them are routed there, everything else goes to the
 * stack. The share dialog and the team page say mail is off and show the invitation's link with a
 * copy button (keyboard included); the link works once opened by the invitee; nothing is mailed
 * and monitoring records why. The Schedule card says when schedules are off on the project, and
 * when results are not mailed.
 */

type EdgeHandler = (req: Request) => Response | Promise<Response>;
const WITHOUT_MAILER: Record<string, EdgeHandler> = {
  'mail-status': monitored('mail-status', mailStatus),
  'share-invite': monitored('share-invite', shareInvite),
  'team-invite': monitored('team-invite', teamInvite),
};
const FUNCTION_ENV = {
  SUPABASE_URL: STACK_URL,
  SUPABASE_ANON_KEY: DEFAULT_ANON_KEY,
  SUPABASE_SERVICE_ROLE_KEY: DEFAULT_SERVICE_ROLE_KEY,
  SITE_URL: WEB_URL,
};
let savedEnv: Record<string, string | undefined> = {};

test.beforeAll(() => {
  // What the stack gives functions it serves from Node: a WebSocket class for supabase-js, and their environment (no mailer).
  (globalThis as Record<string, unknown>).WebSocket ??= WebSocket;
  savedEnv = Object.fromEntries([...Object.keys(FUNCTION_ENV), 'RESEND_API_KEY'].map((name) => [name, process.env[name]]));
  Object.assign(process.env, FUNCTION_ENV);
  delete process.env.RESEND_API_KEY;
});
test.afterAll(() => {
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

/** The page's calls to the mail functions go to the mailer-less ones in this process. */
async function withoutMailer(page: Page): Promise<void> {
  await page.route(new RegExp(`^${STACK_URL}/functions/v1/(mail-status|share-invite|team-invite)(\\?.*)?$`), async (route) => {
    const request = route.request();
    const name = new URL(request.url()).pathname.split('/').pop()!;
    const headers = await request.allHeaders();
    const answer = await WITHOUT_MAILER[name]!(
      new Request(request.url(), {
        method: request.method(),
        headers: Object.fromEntries(
          ['authorization', 'apikey', 'content-type', 'x-client-info'].flatMap((h) => (headers[h] ? [[h, headers[h]]] : [])),
        ),
        body: ['GET', 'HEAD'].includes(request.method()) ? undefined : (request.postData() ?? undefined),
      }),
    );
    await route.fulfill({
      status: answer.status,
      headers: Object.fromEntries(answer.headers),
      body: Buffer.from(await answer.arrayBuffer()),
    });
  });
}

/**
 * What the viewport shows with `subject` in view (an open dialog, a card), at desktop and phone
 * width; the toast is closed first, as someone reading the screen would.
 */
async function viewportShots(page: Page, name: string, subject: Locator): Promise<void> {
  // By its label, not its role: an open dialog hides the rest of the page (the toast too) from the accessibility tree.
  const close = toast(page).locator('button[aria-label="Close notification"]');
  if (await close.isVisible()) {
    await close.click();
    await expect(toast(page)).toHaveCount(0);
  }
  for (const [label, size] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await subject.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${label}.png` });
  }
  await page.setViewportSize(DESKTOP);
}

/** No mail reached the stack's mailbox for the address. */
async function nothingMailedTo(email: string): Promise<void> {
  expect((await fetch(`${STACK_URL}/mail/api/latest?to=${encodeURIComponent(email)}`)).status).toBe(404);
}

/** The monitoring event of the invitation that was not mailed. */
async function unsentTo(email: string) {
  const { data, error } = await serviceClient()
    .from('monitoring_events')
    .select('source, message, detail')
    .eq('kind', 'mail_unsent')
    .eq('detail->>to', email);
  expect(error).toBeNull();
  return data;
}

test('share dialog without a mailer: says so, shows the link to copy, and the link works for the invitee', async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: WEB_URL });
  const owner = await createUser({ role: 'editor' });
  const invitee = await createUser();
  const { data: workspace, error } = await serviceClient()
    .from('workspaces')
    .insert({ user_id: owner.id, name: 'Launch kit', structure: [] })
    .select('id')
    .single();
  expect(error).toBeNull();

  await withoutMailer(page);
  await signInAs(page, owner);
  await page.goto(`/workspace/${(workspace as { id: string }).id}`);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share “Launch kit”' });
  await expect(dialog.getByText(MAIL_TEXTS.offTitle)).toBeVisible();
  await expect(dialog).toContainText(SHARE_TEXTS.mailOffIntro);
  await expect(dialog).not.toContainText('They get an e-mail with a link');
  expect(await seriousViolations(page)).toEqual([]);
  await viewportShots(page, 'share-mail-off', dialog);

  await dialog.getByLabel('E-mail address').fill(invitee.email);
  await dialog.getByRole('button', { name: 'Share read-only' }).click();
  await expect(toast(page)).toContainText(SHARE_TEXTS.linkReady(invitee.email));
  const linkBox = dialog.getByRole('region', { name: SHARE_TEXTS.linkTitle });
  await expect(linkBox).toContainText(SHARE_TEXTS.linkOff(invitee.email));
  const field = linkBox.getByRole('textbox', { name: MAIL_TEXTS.linkLabel });
  const link = await field.inputValue();
  expect(link).toMatch(new RegExp(`^${WEB_URL}/shared/accept#token=[\\w%-]+$`));
  await expect(dialog.getByRole('list', { name: 'Shared with' })).toContainText('invite again to get a new link');

  // By keyboard: from the link to its Copy button, Enter copies it, and the page says so.
  await field.focus();
  await page.keyboard.press('Tab');
  const copy = linkBox.getByRole('button', { name: MAIL_TEXTS.copy });
  await expect(copy).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(linkBox.getByRole('status')).toHaveText(MAIL_TEXTS.copiedStatus);
  await expect(linkBox.getByRole('button', { name: MAIL_TEXTS.copied })).toBeFocused();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  expect(await seriousViolations(page)).toEqual([]);
  await viewportShots(page, 'share-link-mail-off', linkBox);

  await nothingMailedTo(invitee.email);
  expect(await unsentTo(invitee.email)).toEqual([
    expect.objectContaining({ source: 'mail', detail: expect.objectContaining({ mail: 'share_invitation', reason: 'no_mailer' }) }),
  ]);

  // The invitee opens the link they were given, signed in as themselves, and accepts it.
  const inviteeContext = await browser.newContext();
  const inviteePage = await inviteeContext.newPage();
  await signInAs(inviteePage, invitee);
  await inviteePage.goto(link);
  await inviteePage.getByRole('button', { name: 'Accept invitation' }).click();
  await inviteePage.waitForURL((url) => !url.pathname.startsWith('/shared/accept'));
  await expect(inviteePage.getByText('Shared with you, read-only')).toBeVisible();
  await expect(inviteePage.getByRole('heading', { level: 1, name: 'Launch kit' })).toBeVisible();
  await inviteeContext.close();
  expect(errors).toEqual([]);
});

/** An active Team subscription, as the Stripe webhook would write it (service role). */
async function subscribeToTeam(user: TestUser) {
  const { error } = await serviceClient()
    .from('subscriptions')
    .insert({
      user_id: user.id,
      stripe_customer_id: `cus_${user.id}`,
      stripe_subscription_id: `sub_${user.id}`,
      plan: 'team',
      status: 'active',
      current_period_end: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString(),
    });
  if (error) throw new Error(error.message);
}

test('team invitations without a mailer: the form says so and shows the link; the member joins from it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const owner = await createUser();
  const member = await createUser();
  await subscribeToTeam(owner);

  await withoutMailer(page);
  await signInAs(page, owner);
  await page.goto('/settings/team');
  const invite = page.getByRole('form', { name: 'Invite someone' });
  await expect(invite).toContainText(TEAM_TEXTS.mailOff);
  await viewportShots(page, 'team-invite-mail-off', invite);
  await invite.getByLabel('E-mail address').fill(member.email);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(page)).toContainText(TEAM_TEXTS.linkReady(member.email));
  const linkBox = invite.getByRole('region', { name: TEAM_TEXTS.linkTitle });
  await expect(linkBox).toContainText(TEAM_TEXTS.linkOff(member.email));
  const link = await linkBox.getByRole('textbox', { name: MAIL_TEXTS.linkLabel }).inputValue();
  expect(link).toMatch(new RegExp(`^${WEB_URL}/team/accept#token=[\\w%-]+$`));
  await expect(page.getByRole('list', { name: 'Pending invitations' })).toContainText(member.email);
  expect(await seriousViolations(page)).toEqual([]);
  await viewportShots(page, 'team-invite-link-mail-off', linkBox);
  await nothingMailedTo(member.email);

  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signInAs(memberPage, member);
  await memberPage.goto(link);
  await memberPage.getByRole('button', { name: 'Join the team' }).click();
  await expect(memberPage).toHaveURL(/\/settings\/team$/);
  await expect(memberPage.getByText('You are a member, editor.')).toBeVisible();
  await memberContext.close();
  expect(errors).toEqual([]);
});

test('the Schedule card says when results are not mailed, and when schedules are off on the project and why', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const user = await createUser();
  const client = await userClient(user);
  const { data: workflow } = await createWorkflow(client, {
    name: 'Weekly digest',
    description: '',
    definition: {
      version: WORKFLOW_DEFINITION_VERSION,
      provider: 'openai',
      model: 'gpt-4o-mini',
      steps: [step('digest', 'Write a weekly digest of [topic=marketing news].')],
    },
  });
  expect(workflow).not.toBeNull();

  // Schedules run here (the e2e stack is their scheduler), mail does not.
  await withoutMailer(page);
  await signInAs(page, user);
  await page.goto(`/workflows/${workflow!.id}`);
  const card = page.getByRole('region', { name: 'Schedule' });
  await expect(card).toContainText(MAIL_TEXTS.scheduleIntro);
  await expect(card).not.toContainText('sent to you by e-mail');
  await expect(card.getByRole('button', { name: 'Save schedule' })).toBeEnabled();
  await card.getByRole('button', { name: 'Save schedule' }).click();
  await expect(card).toContainText('Scheduled: Every day at 09:00');
  expect(await seriousViolations(page)).toEqual([]);
  await viewportShots(page, 'workflow-schedule-mail-off', card);

  // A project without pg_cron: the database answers so (routed here: the e2e stack runs schedules).
  await page.route(`${STACK_URL}/rest/v1/rpc/workflow_schedules_status`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify('no_extensions') }),
  );
  await page.reload();
  await expect(card.getByText(SCHEDULES_OFF_TITLE)).toBeVisible();
  await expect(card).toContainText(`${SCHEDULES_OFF_REASONS.no_extensions} ${SCHEDULES_OFF_STORED}`);
  await expect(card.getByRole('button', { name: 'Save schedule' })).toHaveCount(0);
  await expect(card.getByRole('combobox', { name: 'Runs' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await viewportShots(page, 'workflow-schedule-off', card);
  // The schedule that cannot run can still be removed.
  await card.getByRole('button', { name: 'Remove schedule' }).click();
  await expect(card.getByRole('button', { name: 'Remove schedule' })).toHaveCount(0);
  await expect(card).toContainText(SCHEDULES_OFF_REASONS.no_extensions);
  expect(errors).toEqual([]);
});

test('the monitoring alerts card tells master admins that alerts are not mailed', async ({ page }) => {
  const errors = watchErrors(page);
  const master = await createUser({ role: 'master_admin' });
  await withoutMailer(page);
  await signInAs(page, master);
  await page.goto('/admin/users');
  const monitoring = page.getByRole('region', { name: 'Monitoring alerts' });
  await expect(monitoring).toContainText(MAIL_TEXTS.monitoringAlerts);
  expect(await seriousViolations(page)).toEqual([]);
  await viewportShots(page, 'monitoring-alerts-mail-off', monitoring);
  expect(errors).toEqual([]);
});
