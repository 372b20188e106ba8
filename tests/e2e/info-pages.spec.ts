import { expect, test, type Page } from '@playwright/test';
import { STACK_URL } from './ports.ts';
import { SCREENSHOT_DIR } from './chromium.ts';
import { createUser, passwordSession, serviceClient, SESSION_STORAGE_KEY, signInAs, uniqueEmail } from './support.ts';
import { MOBILE, screenshots, seriousViolations, toast } from './screens.ts';

/**
 * Public info pages (support, legal pages, contact form, /purchase-cancelled), the floating
 * support dialog, and the hub pages /dashboard and /manage-folders.
 */

const SUPPORT_EMAIL = 'support@aivault.app';

/** Uncaught errors and console errors/warnings of the page. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  return errors;
}

async function storedMessages(subject: string) {
  const { data, error } = await serviceClient()
    .from('contact_messages')
    .select('user_id, name, email, subject, message')
    .eq('subject', subject);
  if (error) throw new Error(error.message);
  return data;
}

test.describe('support', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('/support shows the address as a mailto link with copy, the contact form link and the FAQ', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/support');
    await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: `E-mail ${SUPPORT_EMAIL}` })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    await expect(main.getByRole('link', { name: 'Send us a message' })).toHaveAttribute('href', '/contact');

    await main.getByRole('button', { name: 'Copy support e-mail address' }).click();
    await expect(toast(page)).toContainText('✅ Copied to clipboard!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(SUPPORT_EMAIL);

    const question = main.getByRole('button', { name: 'Where is my API key stored?' });
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(main.getByText('synced to your account')).toBeVisible();

    await screenshots(page, 'support');
    expect(errors).toEqual([]);
  });

  test('the Contact Support dialog, docked in the header, works with the keyboard on public pages', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/privacy');
    const fab = page.getByRole('button', { name: 'Contact Support' });
    await fab.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Contact Support' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: `E-mail ${SUPPORT_EMAIL}` })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    // Focus is trapped in the dialog; Escape closes it and gives focus back to the button.
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/support-dialog-desktop.png` });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(fab).toBeFocused();

    // Copy from the dialog, then follow its link to the contact form (the dialog closes).
    await fab.click();
    await dialog.getByRole('button', { name: 'Copy support e-mail address' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(SUPPORT_EMAIL);
    await dialog.getByRole('link', { name: 'Send us a message' }).click();
    await expect(page).toHaveURL('/contact');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();

    await page.setViewportSize(MOBILE);
    await fab.click();
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/support-dialog-mobile.png` });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    expect(errors).toEqual([]);
  });

  test('the dialog is in the signed-in shell too', async ({ page }) => {
    await signInAs(page, await createUser());
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Contact Support' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact Support' });
    await expect(dialog.getByText(SUPPORT_EMAIL)).toBeVisible();
    await dialog.getByRole('link', { name: 'Visit the support page' }).click();
    await expect(page).toHaveURL('/support');
    await expect(dialog).toBeHidden();
  });
});

test.describe('legal pages', () => {
  for (const [path, title, anchorTitle, anchor] of [
    ['/privacy', 'Privacy Policy', 'How AI requests work', 'ai-requests'],
    ['/terms', 'Terms of Service', 'Your AI provider keys', 'api-keys'],
  ] as const) {
    test(`${path}: last updated June 12, 2025, with a table of contents`, async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText('Last updated June 12, 2025')).toBeVisible();
      const toc = page.getByRole('navigation', { name: 'Contents' });
      const entries = toc.getByRole('link');
      expect(await entries.count()).toBeGreaterThanOrEqual(10);
      // Every entry points at a section heading that exists.
      for (const href of await entries.evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
        await expect(page.locator(`section${href} h2`), href ?? '').toHaveCount(1);
      }
      await toc.getByRole('link', { name: anchorTitle }).click();
      await expect(page).toHaveURL(`${path}#${anchor}`);
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(anchorTitle) })).toBeInViewport();
      await expect(page.getByRole('article')).toContainText('directly from your browser');
      await expect(page.getByRole('article').getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await screenshots(page, path.slice(1));
      expect(errors).toEqual([]);
    });
  }
});

test.describe('contact form, stored', () => {
  test('all fields are required, errors show per field, and a valid message is stored', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Contact form' });
    const name = form.getByRole('textbox', { name: 'Name' });
    const email = form.getByRole('textbox', { name: 'Email' });
    const subject = form.getByRole('textbox', { name: 'Subject' });
    const message = form.getByRole('textbox', { name: 'Message' });

    await form.getByRole('button', { name: 'Send message' }).click();
    for (const [field, text] of [
      [name, 'Name is required.'],
      [email, 'Email is required.'],
      [subject, 'Subject is required.'],
      [message, 'Message is required.'],
    ] as const) {
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(text);
    }
    await expect(name).toBeFocused();
    await screenshots(page, 'contact-errors');

    const subjectText = `Question ${Date.now()}`;
    await name.fill('Ada Lovelace');
    await expect(name).toHaveAttribute('aria-invalid', 'false');
    await email.fill('ada@invalid');
    await subject.fill(subjectText);
    await message.fill('How do I add my Gemini key?\nThanks!');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(email).toHaveAccessibleDescription('Please enter a valid email address.');
    await expect(email).toBeFocused();
    expect(await storedMessages(subjectText)).toEqual([]);

    const sender = uniqueEmail('contact');
    await email.fill(sender);
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(toast(page)).toContainText('Message Sent!');
    await expect(form.getByRole('status')).toContainText('Message Sent!');
    for (const field of [name, email, subject, message]) await expect(field).toHaveValue('');
    expect(await storedMessages(subjectText)).toEqual([
      { user_id: null, name: 'Ada Lovelace', email: sender, subject: subjectText, message: 'How do I add my Gemini key?\nThanks!' },
    ]);
    await screenshots(page, 'contact-sent');
    expect(errors).toEqual([]);
  });

  test('a failed send keeps everything typed and says why', async ({ page }) => {
    await page.route(`${STACK_URL}/rest/v1/contact_messages*`, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'PGRST000', message: 'Database is unavailable, try again later', details: null, hint: null }),
      }),
    );
    await page.goto('/contact?subject=Billing%20question');
    const form = page.getByRole('form', { name: 'Contact form' });
    await expect(form.getByRole('textbox', { name: 'Subject' })).toHaveValue('Billing question');
    await form.getByRole('textbox', { name: 'Name' }).fill('Grace');
    await form.getByRole('textbox', { name: 'Email' }).fill('grace@example.com');
    await form.getByRole('textbox', { name: 'Message' }).fill('Please keep me.');
    await form.getByRole('button', { name: 'Send message' }).click();

    const failure = page.getByRole('alert').filter({ hasText: 'Message Not Sent' });
    await expect(failure).toContainText('Database is unavailable, try again later');
    await expect(failure).toHaveAttribute('data-variant', 'destructive');
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('Grace');
    await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue('grace@example.com');
    await expect(form.getByRole('textbox', { name: 'Subject' })).toHaveValue('Billing question');
    await expect(form.getByRole('textbox', { name: 'Message' })).toHaveValue('Please keep me.');
    await expect(form.getByRole('button', { name: 'Send message' })).toBeEnabled();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/contact-failed-desktop.png` });

    // The backend comes back: the same form is sent without retyping.
    await page.unroute(`${STACK_URL}/rest/v1/contact_messages*`);
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(toast(page)).toContainText('Message Sent!');
    expect(await storedMessages('Billing question')).toContainEqual(expect.objectContaining({ name: 'Grace', message: 'Please keep me.' }));
  });

  test('signed in: name and e-mail are prefilled, ?subject= prefills the subject, and the message carries the user id', async ({
    page,
  }) => {
    const user = await createUser({ name: 'Katherine Johnson' });
    await signInAs(page, user);
    const subjectText = `Upgrade to Pro ${Date.now()}`;
    await page.goto(`/contact?subject=${encodeURIComponent(subjectText)}`);
    const form = page.getByRole('form', { name: 'Contact form' });
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('Katherine Johnson');
    await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue(user.email);
    await expect(form.getByRole('textbox', { name: 'Subject' })).toHaveValue(subjectText);
    await form.getByRole('textbox', { name: 'Message' }).fill('I want the Team plan.');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(toast(page)).toContainText('Message Sent!');
    // Cleared, with the sender's own details ready for the next message.
    await expect(form.getByRole('textbox', { name: 'Subject' })).toHaveValue('');
    await expect(form.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue(user.email);
    expect(await storedMessages(subjectText)).toEqual([
      { user_id: user.id, name: 'Katherine Johnson', email: user.email, subject: subjectText, message: 'I want the Team plan.' },
    ]);
  });

  test('admins read the messages in the admin screen, reply by e-mail, and delete one', async ({ page }) => {
    const subjectText = `Refund question ${Date.now()}`;
    const sender = uniqueEmail('asker');
    expect(
      (
        await serviceClient()
          .from('contact_messages')
          .insert({ name: 'Dana', email: sender, subject: subjectText, message: 'Line one\nLine two' })
      ).error,
    ).toBeNull();
    const admin = await createUser({ role: 'admin' });
    await signInAs(page, admin);
    await page.goto('/admin/users?tab=messages');
    await expect(page.getByRole('tab', { name: 'Messages' })).toHaveAttribute('aria-selected', 'true');
    const card = page.getByRole('list', { name: 'Contact messages' }).getByRole('listitem', { name: subjectText });
    await expect(card).toContainText(`Dana · ${sender}`);
    await expect(card).toContainText('Line one\nLine two');
    await expect(card.getByRole('link', { name: 'Reply by e-mail' })).toHaveAttribute(
      'href',
      `mailto:${sender}?subject=${encodeURIComponent(`Re: ${subjectText}`)}`,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'admin-messages');

    await card.getByRole('button', { name: `Delete message ${subjectText}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this message?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page)).toContainText('Message Deleted');
    await expect(card).toHaveCount(0);
    expect(await storedMessages(subjectText)).toEqual([]);
  });
});

test.describe('explainer and purchase pages', () => {
  test('/app-summary: five feature blocks, back link, call-to-action to /auth when no stored user', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/app-summary');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Features' }).getByRole('heading', { level: 2 })).toHaveText([
      'Choose your own AI',
      'Smart prompts',
      'Prompt stacks',
      'Quick document creation',
      'Organization in folders',
    ]);
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    const cta = page.getByRole('region', { name: 'Ready to build with your own AI?' }).getByRole('link');
    await expect(cta).toHaveAttribute('href', '/auth');
    await screenshots(page, 'app-summary');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL('/');
    expect(errors).toEqual([]);
  });

  test('/app-summary: call-to-action to /dashboard when a user is stored, also when the session is read after the page', async ({
    page,
  }) => {
    // An expired session: the session layer refreshes it before it stores the user, and the refresh is held until
    // the page has drawn its button, so the page reads storage first (the order a busy machine sometimes gives).
    const session = await passwordSession(await createUser());
    await page.addInitScript(
      ([key, value]) => window.localStorage.setItem(key!, value!),
      [SESSION_STORAGE_KEY, JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) - 60 })],
    );
    let releaseRefresh!: () => void;
    const refreshHeld = new Promise<void>((resolve) => (releaseRefresh = resolve));
    let refreshAsked = false;
    const isRefresh = (url: URL) => url.pathname.endsWith('/auth/v1/token') && url.searchParams.get('grant_type') === 'refresh_token';
    await page.route(isRefresh, async (route) => {
      refreshAsked = true;
      await refreshHeld;
      await route.continue();
    });
    await page.goto('/app-summary');
    const cta = page.getByRole('region', { name: 'Ready to build with your own AI?' }).getByRole('link');
    await expect(cta).toHaveText('Get Started for Free');
    await expect.poll(() => refreshAsked).toBe(true);
    releaseRefresh();
    await expect(cta).toHaveText('Go to Dashboard');
    await expect(cta).toHaveAttribute('href', '/dashboard');
    await cta.click();
    await expect(page).toHaveURL('/dashboard');
  });

  test('/purchase-cancelled', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/purchase-cancelled');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Cancelled' })).toBeVisible();
    await expect(page.getByText('You have not been charged')).toBeVisible();
    await screenshots(page, 'purchase-cancelled');
    await page.getByRole('link', { name: 'Return home' }).click();
    await expect(page).toHaveURL('/');
    expect(errors).toEqual([]);
  });
});

test.describe('hub pages', () => {
  test('/dashboard greets the user, lists Key Features and Quick Access, and Quick Create navigates', async ({ page }) => {
    const errors = watchErrors(page);
    const user = await createUser();
    await signInAs(page, user);
    await page.goto('/dashboard');
    // The account's first visit: "Welcome", and the first-run checklist with nothing done yet.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${user.email}`);
    const checklist = page.getByRole('region', { name: 'Get started' });
    await expect(checklist).toContainText('0 of 4 done');
    await expect(checklist.getByRole('listitem', { name: 'Add your AI provider key: to do' })).toBeVisible();
    await expect(checklist.getByRole('link', { name: 'Add a key' })).toHaveAttribute('href', '/settings');
    await screenshots(page, 'dashboard-first-visit');

    const features = page.getByRole('region', { name: 'Key Features' });
    const expected = [
      ['Main Dashboard', '/dashboard'],
      ['AI Tools', '/ai-tools'],
      ['Prompt Stacks', '/prompts'],
      ['Manage Folders', '/manage-folders'],
      ['My Prompts/Stacks', '/my-prompts'],
      ['Training', '/training'],
      ['Support', '/support'],
    ] as const;
    await expect(features.getByRole('heading', { level: 3 })).toHaveText(expected.map(([title]) => title));
    for (const [title, href] of expected) {
      await expect(features.getByRole('link', { name: new RegExp(`^${title.replace('/', '\\/')}`) })).toHaveAttribute('href', href);
    }
    const quick = page.getByRole('region', { name: 'Quick Access' });
    await expect(quick.getByRole('link', { name: /^Doc Generator/ })).toHaveAttribute('href', '/document-generator');
    await expect(quick.getByRole('link', { name: /^Workflows/ })).toHaveAttribute('href', '/workflows');
    await expect(quick.getByRole('link', { name: /^Saved Ideas/ })).toHaveAttribute('href', '/saved-ideas');
    await expect(quick.getByRole('link', { name: /^File Manager/ })).toHaveAttribute('href', '/file-manager');
    await expect(quick.getByRole('heading', { level: 3 })).toHaveText([
      'Doc Generator',
      'Workflows',
      'Saved Ideas',
      'File Manager',
      'Quick Create',
    ]);
    await screenshots(page, 'dashboard');

    for (const [item, url] of [
      ['New prompt', '/my-prompts'],
      ['New document', '/document-generator'],
      ['New offer', '/prompt-stacks'],
    ] as const) {
      await page.goto('/dashboard');
      const create = page.getByRole('button', { name: 'Quick Create' });
      await create.click();
      // The open menu is modal: the rest of the page (the button too) is hidden from assistive tech.
      await expect(page.getByRole('button', { name: 'Quick Create', includeHidden: true })).toHaveAttribute('aria-expanded', 'true');
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem')).toHaveText(['New prompt', 'New document', 'New offer']);
      if (item === 'New prompt') await page.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-quick-create.png` });
      await menu.getByRole('menuitem', { name: item }).click();
      await expect(page).toHaveURL(url);
      await expect(menu).toBeHidden();
      if (item === 'New prompt') {
        // "New prompt" lands in the library with the new-prompt dialog open; a reload does not open it again.
        const dialog = page.getByRole('dialog', { name: 'New prompt' });
        await expect(dialog).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await page.reload();
        await expect(page.getByRole('button', { name: 'New prompt' })).toBeVisible();
        await expect(dialog).toBeHidden();
      }
    }
    // Keyboard: the menu opens with Enter and closes with Escape.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Quick Create' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'New prompt' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    expect(errors).toEqual([]);
  });

  test('/dashboard greets by name when the profile has one', async ({ page }) => {
    await signInAs(page, await createUser({ name: 'Dorothy Vaughan' }));
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Dorothy Vaughan');
    // Any later visit is a return; a step done elsewhere is ticked, and Hide puts the checklist away for good.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Dorothy Vaughan');
    const checklist = page.getByRole('region', { name: 'Get started' });
    await expect(checklist).toContainText('0 of 4 done');
    await checklist.getByRole('button', { name: 'Hide' }).click();
    await expect(checklist).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Dorothy Vaughan');
    await expect(page.getByRole('region', { name: 'Get started' })).toHaveCount(0);
  });

  test('/manage-folders: the three folder cards, the File Manager and Notify Me', async ({ page }) => {
    const errors = watchErrors(page);
    await signInAs(page, await createUser());
    await page.goto('/manage-folders');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Folders' })).toBeVisible();
    const areas = page.getByRole('region', { name: 'Folder areas' });
    const expected = [
      ['Document Folders', '/document-generator'],
      ['Prompt Folders', '/prompts-library'],
      ['Knowledge Base Folders', '/knowledge-base'],
      ['File Manager', '/file-manager'],
    ] as const;
    await expect(areas.getByRole('heading', { level: 2 })).toHaveText(expected.map(([title]) => title));
    for (const [title, href] of expected) {
      await expect(areas.getByRole('link', { name: new RegExp(`^${title}`) })).toHaveAttribute('href', href);
    }
    await page.getByRole('button', { name: 'Notify Me' }).click();
    await expect(toast(page)).toContainText('Feature In Progress!');
    await screenshots(page, 'manage-folders');
    await areas.getByRole('link', { name: /^Prompt Folders/ }).click();
    await expect(page).toHaveURL('/prompts-library');
    expect(errors).toEqual([]);
  });
});
