import { expect, test, type Page } from '@playwright/test';
import { screenshots, seriousViolations, toast } from './screens.ts';
import { createUser, latestMail, linkIn, serviceClient, signInAs, type TestUser } from './support.ts';

/**
 * /settings/team and /team/accept: a Team subscriber's team page (what Team gives for others), the
 * owner invites by e-mail with validation messages, the member joins from the mailed link, the
 * owner shares a workspace with the team, the editor changes it, and once switched to view only
 * the member can no longer change it.
 */

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

async function seedWorkspace(user: TestUser, name: string): Promise<string> {
  const structure = [{ id: 'plans', type: 'folder', name: 'Plans', children: [] }];
  const { data, error } = await serviceClient().from('workspaces').insert({ user_id: user.id, name, structure }).select('id').single();
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

const saved = (page: Page) => expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();

test('a user without Team sees what it gives and the way to Billing', async ({ page }) => {
  await signInAs(page, await createUser());
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Team settings' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Work together with Team' })).toBeVisible();
  await expect(page.getByText('Share workspaces and their documents with your team')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See plans on Billing' })).toHaveAttribute('href', '/billing');
  await expect(page.getByRole('link', { name: 'Team', exact: true })).toHaveCount(0);
  await screenshots(page, 'team-upsell');
});

test('the owner invites, the member joins from the mail, edits the team workspace, and is switched to view only', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await createUser();
  const member = await createUser();
  await subscribeToTeam(owner);
  const workspaceId = await seedWorkspace(owner, 'Launch kit');

  await signInAs(page, owner);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Team', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/team$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Members (1 of 5)' })).toBeVisible();
  await expect(page.getByText('No members yet.')).toBeVisible();
  await page.getByLabel('Team name').fill('Launch crew');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(toast(page)).toContainText('Team name saved.');

  const invite = page.getByRole('form', { name: 'Invite someone' });
  await invite.getByLabel('E-mail address').fill('not an address');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByText('Please enter a valid email address.')).toBeVisible();
  await invite.getByLabel('E-mail address').fill(member.email.toUpperCase());
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(page)).toContainText(`Invitation sent to ${member.email}`);
  const pending = page.getByRole('list', { name: 'Pending invitations' });
  await expect(pending).toContainText(member.email);
  await expect(pending).toContainText('Editor');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'team-settings-owner');

  // The member joins from the mailed link, signed in as themselves.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signInAs(memberPage, member);
  await memberPage.goto(linkIn(await latestMail(member.email), '/team/accept#token='));
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Join a team' })).toBeVisible();
  await expect(memberPage.getByText(`Join it as ${member.email}?`, { exact: false })).toBeVisible();
  expect(new URL(memberPage.url()).hash).toBe('');
  await memberPage.getByRole('button', { name: 'Join the team' }).click();
  await expect(memberPage).toHaveURL(/\/settings\/team$/);
  await expect(memberPage.getByRole('heading', { level: 2, name: 'Launch crew' })).toBeVisible();
  await expect(memberPage.getByText('You are a member, editor.')).toBeVisible();
  await expect(memberPage.getByText('The owner has not shared any workspace with the team yet.')).toBeVisible();

  // The owner shares a workspace with the team.
  await page.goto(`/workspace/${workspaceId}`);
  await page.getByRole('button', { name: 'Share with team' }).click();
  await expect(toast(page)).toContainText('The team can now open this workspace.');
  await expect(page.getByRole('button', { name: 'Shared with team' })).toHaveAttribute('aria-pressed', 'true');

  // The editor opens it from the team page and changes it.
  await memberPage.reload();
  await memberPage.getByRole('link', { name: 'Launch kit' }).click();
  await expect(memberPage.getByText('Your team’s workspace: as an editor you can change its folders and files.')).toBeVisible();
  await memberPage.getByRole('button', { name: 'New folder' }).click();
  await memberPage.getByRole('dialog').getByLabel('Folder name').fill('From the editor');
  await memberPage.getByRole('dialog').getByRole('button', { name: 'Create folder' }).click();
  await saved(memberPage);
  await expect(memberPage.getByRole('button', { name: 'Share', exact: true })).toHaveCount(0);

  // The owner switches the member to view only.
  await page.goto('/settings/team');
  const members = page.getByRole('list', { name: 'Team members' });
  await expect(members).toContainText(member.email);
  await members.getByRole('combobox', { name: `Role of ${member.email}` }).click();
  await page.getByRole('option', { name: 'View only' }).click();
  await expect(toast(page)).toContainText(`${member.email} is now view only.`);

  await memberPage.reload();
  await expect(memberPage.getByText('Shared with you, read-only')).toBeVisible();
  await expect(memberPage.getByRole('button', { name: 'New folder' })).toHaveCount(0);
  await expect(memberPage.getByText('From the editor')).toBeVisible();
  await memberPage.goto('/settings/team');
  await expect(memberPage.getByText('You are a member, view only.')).toBeVisible();
  expect(await seriousViolations(memberPage)).toEqual([]);
  await screenshots(memberPage, 'team-settings-member');
  await memberContext.close();
});
