import { expect, test } from '@playwright/test';
import { featureShippedMail } from '@/shared/core/featureRequests.ts';
import { createUser, latestMail, serviceClient, signInAs } from './support.ts';
import { DESKTOP, screenshots, seriousViolations, toast, watchErrors } from './screens.ts';
import { WEB_URL } from './ports.ts';

/** Notify Me on Manage Folders is recorded; admins see it and Mark shipped mails the requester once. */

test.use({ viewport: DESKTOP });

test('Notify Me → the admin tab lists the request → Mark shipped → the requester gets the mail', async ({ page, browser }) => {
  const errors = watchErrors(page);
  // A fresh start for this feature's shipped state (shared by every test; other tests may add requests).
  await serviceClient().from('feature_status').delete().eq('feature', 'folder_view');

  const user = await createUser();
  await signInAs(page, user);
  await page.goto('/manage-folders');
  await page.getByRole('button', { name: 'Notify Me' }).click();
  await expect(toast(page)).toContainText('Feature In Progress!');
  await expect(page.getByText("You're on the list")).toBeVisible();
  const { data: stored } = await serviceClient().from('feature_requests').select('feature, created_at').eq('user_id', user.id);
  expect(stored?.map((r) => r.feature)).toEqual(['folder_view']);

  // The admin in a browser of their own: a tab keeps the session it started with.
  const adminContext = await browser.newContext({ viewport: DESKTOP });
  const adminPage = await adminContext.newPage();
  const adminErrors = watchErrors(adminPage);
  const admin = await createUser({ role: 'admin' });
  await signInAs(adminPage, admin);
  await adminPage.goto('/admin/users?tab=feature-requests');
  await expect(adminPage.getByRole('tab', { name: 'Feature requests' })).toHaveAttribute('aria-selected', 'true');
  const feature = adminPage.getByRole('list', { name: 'Requested features' }).getByRole('listitem', { name: /One view of all folders/ });
  await expect(feature).toContainText(/\d+ requests?/);
  const requester = feature
    .getByRole('list', { name: 'Requesters of One view of all folders' })
    .getByRole('listitem')
    .filter({ hasText: user.email });
  await expect(requester).toHaveCount(1);
  await expect(requester).not.toContainText('mailed');
  expect(await seriousViolations(adminPage)).toEqual([]);
  await screenshots(adminPage, 'admin-feature-requests');

  await feature.getByRole('button', { name: 'Mark shipped' }).click();
  const confirm = adminPage.getByRole('dialog', { name: 'Mark One view of all folders shipped?' });
  await expect(confirm).toContainText(/who asked for it will get an e-mail/);
  await confirm.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(toast(adminPage)).toContainText(/\d+ mails? sent/);
  await expect(feature).toContainText('Shipped');
  await expect(feature.getByRole('button', { name: 'Mark shipped' })).toHaveCount(0);
  await expect(requester).toContainText('mailed');

  const mail = await latestMail(user.email.toLowerCase());
  const expected = featureShippedMail('folder_view', WEB_URL);
  expect(mail.subject).toBe(expected.subject);
  expect(mail.text).toContain(`${WEB_URL}/manage-folders`);
  expect(adminErrors).toEqual([]);
  expect(errors).toEqual([]);
  await adminContext.close();
});
