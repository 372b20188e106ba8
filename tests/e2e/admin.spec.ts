import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { anonClient, createUser, passwordSession, serviceClient, signInAs, uniqueEmail, type AppRole, type TestUser } from './support.ts';
import { MONITORING_NOTE, MONITORING_PHONE_HELP } from '@/shared/core/admin/monitoring.ts';
import { ACCESS_DENIED } from '@/shared/core/admin/roles.ts';
import { SCREENSHOT_DIR } from './chromium.ts';
import { STACK_URL } from './ports.ts';
import { DESKTOP, MOBILE, screenshots, seriousViolations, toast, watchErrors } from './screens.ts';

/**
 * The admin screen: a master admin's and an admin's flows through
 * the real dashboard, local stack and admin-users Edge Function; everyone else sees Access Denied
 * and is refused by the server too.
 */

test.use({ viewport: DESKTOP });

async function profileOf(id: string): Promise<{ name: string | null; phone: string | null; role: AppRole } | null> {
  const { data } = await serviceClient().from('profiles').select('name, phone, role').eq('id', id).maybeSingle();
  return data as { name: string | null; phone: string | null; role: AppRole } | null;
}

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });
const rowOf = (page: Page, email: string): Locator => usersTable(page).getByRole('row').filter({ hasText: email });

async function openAdmin(page: Page, user: TestUser, heading: string, path = '/admin/users'): Promise<void> {
  await signInAs(page, user);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** An open dialog as people see it (the viewport, not the full page), at desktop and phone width. */
async function dialogScreenshots(page: Page, name: string): Promise<void> {
  for (const [label, size] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    await page.setViewportSize(size);
    // Let the dialog re-lay itself out for the new width (full screen on phones).
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${label}.png` });
  }
  await page.setViewportSize(DESKTOP);
}

/** The downloaded file's name and parsed JSON. */
async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; json: unknown; path: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), json: JSON.parse(await readFile(path, 'utf8')), path };
}

test('master admin: list, search, add, change role, edit, delete, export, monitoring, backup and restore', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  const master = await createUser({ role: 'master_admin', name: 'Mia Master' });
  const otherMaster = await createUser({ role: 'master_admin' });
  const admin = await createUser({ role: 'admin', name: 'Ada Admin' });
  // Names unique to this test: other tests (and a retry of this one) add accounts to the same stack.
  const eddie = `Eddie Editor ${randomBytes(3).toString('hex')}`;
  const editor = await createUser({ role: 'editor', name: eddie });
  const plain = await createUser({ name: 'Uma User' });
  await openAdmin(page, master, 'Master Admin Dashboard');
  await expect(page.getByRole('tab', { name: 'User Management', selected: true })).toBeVisible();

  // Everyone but master admins (the viewer included).
  for (const person of [admin, editor, plain]) await expect(rowOf(page, person.email)).toBeVisible();
  for (const person of [master, otherMaster]) await expect(rowOf(page, person.email)).toHaveCount(0);
  await expect(usersTable(page).getByRole('columnheader')).toHaveText(['Name', 'Email', 'Phone', 'Current Role', 'Change Role', 'Actions']);

  // Search by name or e-mail.
  const search = page.getByRole('searchbox', { name: 'Search users' });
  await search.fill(eddie.toLowerCase());
  await expect(usersTable(page).getByRole('row')).toHaveCount(2); // header + Eddie
  await search.fill(plain.email.slice(0, 12).toUpperCase());
  await expect(rowOf(page, plain.email)).toBeVisible();
  await expect(rowOf(page, editor.email)).toHaveCount(0);
  await search.fill('nobody-matches-this');
  await expect(page.getByText('No users match “nobody-matches-this”')).toBeVisible();
  await search.fill('');

  // Add User: the validation, then a real account with the default role Editor.
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await expect(dialog.getByLabel('Password')).toHaveAttribute('placeholder', 'Min. 8 characters');
  await expect(dialog.getByLabel('Role')).toHaveValue('editor');
  await expect(dialog.getByLabel('Role').locator('option')).toHaveText(['Admin', 'Editor', 'View Only']);
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await expect(toast(page)).toContainText('Missing Information');
  await expect(toast(page)).toContainText('Please provide name, email, and password.');
  await expect(dialog.getByLabel('Password')).toHaveAccessibleDescription('Required.');
  await dialogScreenshots(page, 'admin-add-user');
  const newEmail = uniqueEmail('added');
  await dialog.getByLabel('Name').fill('Nina New');
  await dialog.getByLabel('Email').fill(editor.email);
  await dialog.getByLabel('Password').fill('nina-password');
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await expect(toast(page)).toContainText('User Exists');
  await expect(toast(page)).toContainText('A user with this email already exists.');
  await dialog.getByLabel('Email').fill(newEmail);
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await expect(toast(page)).toContainText('User Added');
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, newEmail)).toContainText('Editor');
  const { data: signedIn } = await anonClient().auth.signInWithPassword({ email: newEmail, password: 'nina-password' });
  const added = signedIn.user!;
  expect(await profileOf(added.id)).toMatchObject({ name: 'Nina New', role: 'editor' });

  // Change Role (admin is offered to master admins).
  await rowOf(page, editor.email)
    .getByRole('combobox', { name: `Change role for ${eddie}` })
    .selectOption('admin');
  await expect(toast(page)).toContainText('User Role Updated');
  await expect(rowOf(page, editor.email).getByRole('cell').nth(3)).toHaveText('Admin');
  expect((await profileOf(editor.id))?.role).toBe('admin');

  // Edit: the validation rules, then saved.
  await rowOf(page, newEmail).getByRole('button', { name: 'Edit Nina New' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Nina New' });
  await expect(edit.getByLabel('New password')).toHaveValue('');
  await edit.getByLabel('Phone (optional)').fill('0123');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page)).toContainText('Validation Error');
  await expect(toast(page)).toContainText('Invalid phone number format.');
  await expect(edit.getByLabel('Phone (optional)')).toHaveAccessibleDescription('Invalid phone number format.');
  await edit.getByLabel('Phone (optional)').fill('+44 7700 900123');
  await edit.getByLabel('Name').fill('Nina Renamed');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page)).toContainText('User Updated');
  await expect(rowOf(page, newEmail)).toContainText('+447700900123');
  expect(await profileOf(added.id)).toMatchObject({ name: 'Nina Renamed', phone: '+447700900123' });

  // Delete, after confirming.
  await rowOf(page, newEmail).getByRole('button', { name: 'Delete Nina Renamed' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this user?' });
  await expect(confirm).toContainText(newEmail);
  await confirm.getByRole('button', { name: 'Delete user' }).click();
  await expect(toast(page)).toContainText('User Deleted');
  await expect(rowOf(page, newEmail)).toHaveCount(0);
  expect(await profileOf(added.id)).toBeNull();

  // Export Users: {product}_user_data.json with the listed accounts.
  const users = await download(page, () => page.getByRole('button', { name: 'Export Users' }).click());
  expect(users.name).toBe('ai_vault_user_data.json');
  const exported = users.json as { email: string; role: string; name: string | null }[];
  // Other test files add accounts to the same stack meanwhile: compare this test's accounts only.
  const ours = (emails: string[]) =>
    emails.filter((e) => [master.email, otherMaster.email, admin.email, editor.email, plain.email, newEmail].includes(e)).sort();
  expect(ours(exported.map((u) => u.email))).toEqual([admin.email, editor.email, plain.email].sort());
  expect(exported.find((u) => u.email === editor.email)).toMatchObject({ name: eddie, role: 'admin' });
  await expect(toast(page)).toContainText('User Data Exported');

  // Monitoring alerts, stored in the database.
  const monitoring = page.getByRole('region', { name: 'Monitoring alerts' });
  await expect(monitoring).toContainText(MONITORING_NOTE);
  await expect(monitoring).toContainText(MONITORING_PHONE_HELP);
  await monitoring.getByLabel('Alert email').fill('ops@example.com');
  await monitoring.getByLabel('Alert phone').fill('+1 555 010 0199');
  await monitoring.getByRole('button', { name: 'Save settings' }).click();
  await expect(toast(page)).toContainText('Monitoring Settings Saved');
  await expect(toast(page)).toContainText('Email and phone for server alerts have been updated.');
  const { data: stored } = await serviceClient().from('monitoring_settings').select('alert_email, alert_phone').single();
  expect(stored).toEqual({ alert_email: 'ops@example.com', alert_phone: '+15550100199' });

  // What was monitored: a delivery to the Stripe webhook without a signature is refused and shows up.
  const refused = await fetch(`${STACK_URL}/functions/v1/stripe-webhook`, { method: 'POST', body: '{}' });
  expect(refused.status).toBe(400);
  const activity = page.getByRole('region', { name: 'Monitoring', exact: true });
  await activity.getByRole('button', { name: 'Refresh' }).click();
  await expect(activity.getByRole('list', { name: 'Recent events' })).toContainText('Refused a delivery: Missing Stripe-Signature.');
  const webhookRow = activity.getByRole('row', { name: /Stripe webhooks failed or unverifiable/ });
  await expect(webhookRow.getByRole('cell').first()).not.toHaveText('0');
  await activity.scrollIntoViewIfNeeded();
  await screenshots(page, 'admin-monitoring');

  await page.getByRole('heading', { level: 1 }).scrollIntoViewIfNeeded();
  await screenshots(page, 'admin-master');
  expect(await seriousViolations(page)).toEqual([]);

  // Backup: export everything, drift, then restore after the dry run.
  const backupCard = page.getByRole('region', { name: 'Data backup' });
  const backup = await download(page, () => backupCard.getByRole('button', { name: 'Export all app data' }).click());
  expect(backup.name).toBe('ai_vault_all_app_data.json');
  const tables = backup.json as { format: string; tables: Record<string, { email?: string; alert_email?: string }[]> };
  expect(tables.format).toBe('ai-vault-backup');
  expect(ours(tables.tables.users!.map((u) => u.email!))).toEqual([admin.email, editor.email, plain.email].sort());
  expect(tables.tables.monitoring_settings![0]!.alert_email).toBe('ops@example.com');
  await expect(toast(page)).toContainText('All App Data Exported');

  await serviceClient().from('profiles').update({ name: 'Drifted', role: 'view_only' }).eq('id', plain.id);
  await backupCard
    .getByLabel('Backup file to restore')
    .setInputFiles({ name: backup.name, mimeType: 'application/json', buffer: await readFile(backup.path) });
  const review = page.getByRole('dialog', { name: 'Restore from backup' });
  await expect(review).toContainText('Dry run: nothing has been written yet.');
  await expect(review.getByRole('listitem').filter({ hasText: 'Users' })).toContainText('1 changed');
  // Roles are never set back to User: the name comes back, the role stays.
  await expect(review).toContainText('1 skipped: The role User is not given back');
  expect((await profileOf(plain.id))?.name).toBe('Drifted');
  await dialogScreenshots(page, 'admin-restore-review');
  await review.getByRole('button', { name: 'Restore 1 row' }).click();
  await expect(toast(page)).toContainText('Backup Restored');
  await expect(review).toBeHidden();
  expect(await profileOf(plain.id)).toMatchObject({ name: 'Uma User', role: 'view_only' });
  await expect(rowOf(page, plain.email)).toContainText('Uma User');

  // A file that is not a backup is explained, not applied.
  await backupCard
    .getByLabel('Backup file to restore')
    .setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"hello":1}') });
  await expect(page.getByRole('dialog', { name: 'This file cannot be restored' })).toContainText('This is not an AI Vault backup file.');
  await page.getByRole('button', { name: 'Close' }).click();
  // The one refusal the browser logs: the function's 409 for the taken e-mail (User Exists).
  expect(errors).toEqual(['Failed to load resource: the server responded with a status of 409 (Conflict)']);
});

test('admin: only editor, view_only and user accounts; no admin role to give; no master tools', async ({ page }) => {
  const errors = watchErrors(page);
  const admin = await createUser({ role: 'admin' });
  const otherAdmin = await createUser({ role: 'admin' });
  const master = await createUser({ role: 'master_admin' });
  const editor = await createUser({ role: 'editor', name: 'Ed Itor' });
  const viewer = await createUser({ role: 'view_only', name: 'Vi Ewer' });
  await openAdmin(page, admin, 'Admin Control Panel', '/admin/dashboard');
  await expect(rowOf(page, editor.email)).toBeVisible();
  await expect(rowOf(page, viewer.email)).toBeVisible();
  for (const hidden of [admin, otherAdmin, master]) await expect(rowOf(page, hidden.email)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Monitoring alerts' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Data backup' })).toHaveCount(0);

  const change = rowOf(page, viewer.email).getByRole('combobox', { name: 'Change role for Vi Ewer' });
  await expect(change.locator('option')).toHaveText(['Editor', 'View Only']);
  await change.selectOption('editor');
  await expect(toast(page)).toContainText('User Role Updated');
  expect((await profileOf(viewer.id))?.role).toBe('editor');

  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByRole('dialog', { name: 'Add User' }).getByLabel('Role').locator('option')).toHaveText(['Editor', 'View Only']);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await rowOf(page, editor.email).getByRole('button', { name: 'Delete Ed Itor' }).click();
  await page.getByRole('dialog', { name: 'Delete this user?' }).getByRole('button', { name: 'Delete user' }).click();
  await expect(toast(page)).toContainText('User Deleted');
  expect(await profileOf(editor.id)).toBeNull();
  await screenshots(page, 'admin-panel');
  expect(await seriousViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('phone width: the user table becomes cards with the same actions', async ({ page }) => {
  const master = await createUser({ role: 'master_admin' });
  const person = await createUser({ role: 'view_only', name: 'Phoebe Phone' });
  await page.setViewportSize(MOBILE);
  await openAdmin(page, master, 'Master Admin Dashboard');
  await expect(usersTable(page)).toHaveCount(0);
  const card = page.getByRole('list', { name: 'Users' }).getByRole('listitem').filter({ hasText: person.email });
  await expect(card).toContainText('Phoebe Phone');
  await expect(card.getByRole('combobox', { name: 'Change role for Phoebe Phone' })).toHaveValue('view_only');
  await expect(card.getByRole('button', { name: 'Edit Phoebe Phone' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Delete Phoebe Phone' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

for (const role of ['user', 'editor', 'view_only'] as const) {
  test(`${role}: Access Denied on the page, and the server refuses the data calls`, async ({ page }) => {
    const person = await createUser(role === 'user' ? {} : { role });
    const victim = await createUser({ role: 'view_only' });
    await openAdmin(page, person, 'Access Denied', '/admin/dashboard');
    await expect(page.getByText('You do not have permission to view this page.')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Manage Users (Admin)' })).toHaveCount(0);
    if (role === 'user') {
      await page.goto('/admin/users');
      await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
      await screenshots(page, 'admin-access-denied');
    }

    const session = await passwordSession(person);
    const client = anonClient();
    await client.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
    expect((await client.rpc('admin_list_users')).error?.code).toBe('42501');
    expect((await client.rpc('admin_set_user_role', { target_id: victim.id, new_role: 'admin' })).error?.code).toBe('42501');
    const denied = await client.functions.invoke('admin-users', { body: { action: 'delete', id: victim.id } });
    expect(denied.response?.status).toBe(403);
    expect(await denied.response?.json()).toEqual({ error: ACCESS_DENIED.message, title: ACCESS_DENIED.title });
    expect(await profileOf(victim.id)).toMatchObject({ role: 'view_only' });
  });
}
