import { expect, type Page, test } from '@playwright/test';
import { ADMIN } from './support/constants';
import { CrmApi, uniquePhone } from './support/contacts-api';
import { choose, dialog, openSignedIn } from './support/contacts-ui';
import { submitLogin, uniqueEmail } from './support/session';
import { expectToast, sidebar } from './support/ui';

const SIZES = [
  { name: 'wide', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

const DISCARD_TITLE = 'Discard unsaved changes?';

async function createButtonClicked(page: Page) {
  const create = page.getByRole('button', { name: 'Create', exact: true });
  await create.scrollIntoViewIfNeeded();
  await create.click();
}

test.describe('a refused submit guides to its first error (issue 24, point 4)', () => {
  // Each new-lead case fills and submits the long form three times.
  test.describe.configure({ timeout: 60_000 });
  for (const size of SIZES) {
    test(`new lead at ${size.viewport.width}×${size.viewport.height}: focus and view go to the first invalid field`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize(size.viewport);
      const api = await CrmApi.logIn(request);
      await openSignedIn(page, api, '/new-lead');
      await expect(page.getByRole('heading', { name: 'Add New Lead', level: 1 })).toBeVisible();

      // Nothing filled: Source is the first field the form refuses.
      await createButtonClicked(page);
      const source = page.getByRole('textbox', { name: 'Source' });
      await expect(source).toBeFocused();
      await expect(source).toBeInViewport();
      await expect(page.getByText('Source is required', { exact: true })).toBeInViewport();
      await page.keyboard.press('Escape');

      // Everything above it right, a bad e-mail further down is the one reached now.
      await choose(page, 'Source', 'Facebook');
      await page.getByRole('textbox', { name: 'First Name' }).fill('Guided');
      await page.getByRole('textbox', { name: 'Surname' }).fill('Person');
      await page.getByRole('textbox', { name: 'Phone', exact: true }).fill(uniquePhone().slice(2));
      await page.getByRole('textbox', { name: 'Email' }).fill('not-an-address');
      await createButtonClicked(page);
      const email = page.getByRole('textbox', { name: 'Email' });
      await expect(email).toBeFocused();
      await expect(email).toBeInViewport();
      await expect(page.getByText('Invalid email format', { exact: true })).toBeInViewport();
      // The person types straight into it.
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(uniqueEmail('guided'));
      await createButtonClicked(page);
      await expectToast(page, 'Lead created successfully!');
    });
  }

  test('new partner on a phone: the first invalid field takes the focus', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(page, await CrmApi.logIn(request), '/new-agency');
    await expect(page.getByRole('heading', { name: 'Add New Partner', level: 1 })).toBeVisible();
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await save.scrollIntoViewIfNeeded();
    await save.click();
    const name = page.getByRole('textbox', { name: 'Name' });
    await expect(name).toBeFocused();
    await expect(name).toBeInViewport();
  });

  test('new user: the first invalid field takes the focus', async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openSignedIn(page, await CrmApi.logIn(request), '/new-user');
    await page.getByRole('textbox', { name: 'First Name' }).fill('Only');
    await page.getByRole('textbox', { name: 'Surname' }).fill('Names');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // Phone is the first field after the names.
    const phone = page.getByRole('textbox', { name: 'Phone', exact: true });
    await expect(phone).toBeFocused();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
  });

  test('the edit dialog focuses its first invalid field', async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const api = await CrmApi.logIn(request);
    const lead = await api.createContact({ name: 'Dialog' });
    await openSignedIn(page, api, `/lead/${lead.id}`);
    await page.getByRole('button', { name: 'Edit contact' }).click();
    const edit = dialog(page, 'Edit Contact Info');
    await edit.getByRole('textbox', { name: 'Surname' }).fill('');
    await edit.getByRole('textbox', { name: 'City' }).fill('Ankara');
    await edit.getByRole('button', { name: 'Save' }).click();
    const surname = edit.getByRole('textbox', { name: 'Surname' });
    await expect(surname).toBeFocused();
    await expect(surname).toBeInViewport();
    await expect(edit.getByText('Surname is required', { exact: true })).toBeVisible();
  });
});

test.describe('leaving a changed form asks first (issue 24, point 4)', () => {
  test('a page form: Keep editing stays with the text, Discard changes leaves; a saved form leaves freely', async ({
    page,
    request,
  }) => {
    await openSignedIn(page, await CrmApi.logIn(request), '/new-lead');
    const firstName = page.getByRole('textbox', { name: 'First Name' });
    await firstName.fill('Half typed');

    await sidebar(page).getByRole('link', { name: 'Leads', exact: true }).click();
    const prompt = dialog(page, DISCARD_TITLE);
    await expect(prompt).toContainText(
      'You have changes that are not saved. If you leave now, they are lost.',
    );
    await prompt.getByRole('button', { name: 'Keep editing' }).click();
    await expect(prompt).toBeHidden();
    await expect(page).toHaveURL(/\/new-lead$/);
    await expect(firstName).toHaveValue('Half typed');

    await sidebar(page).getByRole('link', { name: 'Leads', exact: true }).click();
    await prompt.getByRole('button', { name: 'Discard changes' }).click();
    await expect(page).toHaveURL(/\/leads$/);
    await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();

    // An untouched form leaves without a word.
    await page.goto('/new-lead');
    await expect(firstName).toBeVisible();
    await sidebar(page).getByRole('link', { name: 'Leads', exact: true }).click();
    await expect(page).toHaveURL(/\/leads$/);
    await expect(prompt).toBeHidden();
  });

  test('a saved partner form goes to the new partner without asking', async ({ page, request }) => {
    const api = await CrmApi.logIn(request);
    await openSignedIn(page, api, '/new-agency');
    const name = `Saved Agency ${uniqueEmail('x').split('@')[0]}`;
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('textbox', { name: 'Office Number', exact: true }).fill(uniquePhone().slice(2));
    await page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('agency'));
    await page.getByRole('textbox', { name: 'Country' }).fill('Cyprus');
    await page.getByRole('option', { name: 'Cyprus', exact: true }).click();
    await page.getByRole('textbox', { name: 'City' }).fill('Kyrenia');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Agency created successfully!');
    await expect(page).toHaveURL(/\/agency\/\d+$/);
    await expect(dialog(page, DISCARD_TITLE)).toBeHidden();
  });

  test('closing the tab with changes asks the browser’s question', async ({ page, request }) => {
    await openSignedIn(page, await CrmApi.logIn(request), '/new-lead');
    await page.getByRole('textbox', { name: 'First Name' }).fill('Closing');
    const asked = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const question = await asked;
    expect(question.type()).toBe('beforeunload');
    await question.accept();
  });

  test('a dialog with changes asks before closing; the Add Notes editor has the focus', async ({
    page,
    request,
  }) => {
    const api = await CrmApi.logIn(request);
    const lead = await api.createContact({ name: 'Closing', city: 'Izmir' });
    await openSignedIn(page, api, `/lead/${lead.id}`);
    await page.getByRole('button', { name: 'Edit contact' }).click();
    const edit = dialog(page, 'Edit Contact Info');
    // The dialog opens on its first field, not on its close button.
    await expect(edit.getByRole('textbox', { name: 'Agency' })).toBeFocused();
    await edit.getByRole('textbox', { name: 'City' }).fill('Ankara');
    await page.keyboard.press('Escape');
    const prompt = dialog(page, DISCARD_TITLE);
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Keep editing' }).click();
    await expect(prompt).toBeHidden();
    await expect(edit.getByRole('textbox', { name: 'City' })).toHaveValue('Ankara');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await prompt.getByRole('button', { name: 'Discard changes' }).click();
    await expect(edit).toBeHidden();

    // Add Notes: the editor is ready to type in, and a typed note is not thrown away unasked.
    await page.getByRole('button', { name: 'Add Notes' }).click();
    const add = dialog(page, 'Add Notes');
    const editor = add.getByRole('textbox', { name: 'Note' });
    await expect(editor).toBeFocused();
    await page.keyboard.type('Typed without a click');
    await expect(editor).toHaveText('Typed without a click');
    await page.keyboard.press('Escape');
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Keep editing' }).click();
    await add.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Note added');
    await expect(add).toBeHidden();
  });
});

test('the partner edit dialog opens on its first field', async ({ page, request }) => {
  const api = await CrmApi.logIn(request);
  const agency = await api.createAgency(`Focused Agency ${uniqueEmail('f').split('@')[0]}`);
  await openSignedIn(page, api, `/agency/${agency.id}`);
  await page.getByRole('button', { name: 'Edit agency info' }).click();
  const edit = dialog(page, 'Edit agency info');
  await expect(edit.getByRole('textbox', { name: 'Assigned Sales Reps' })).toBeFocused();
  // Nothing changed: Escape closes at once.
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await expect(dialog(page, DISCARD_TITLE)).toHaveCount(0);
});

test('the convert dialog opens on the first detail it asks for', async ({ page, request }) => {
  const api = await CrmApi.logIn(request);
  const lead = await api.createContact({ name: 'Converting' });
  await openSignedIn(page, api, `/lead/${lead.id}`);
  await page.getByRole('button', { name: 'Convert to Customer' }).click();
  const convert = dialog(page, 'Convert to Customer');
  await expect(convert.getByRole('textbox', { name: 'Nationality' })).toBeFocused();
  // Focused, not opened: the country list waits until asked for.
  await expect(convert.getByRole('option')).toHaveCount(0);
});

test('a failed sign-in says why beside the form, and in the toast', async ({ page }) => {
  await submitLogin(page, ADMIN.email, 'not-the-password');
  await expectToast(page, 'Invalid email or password');
  await expect(page.getByTestId('login-error')).toHaveText('Invalid email or password');
  // It stays while the person corrects the password.
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('still-wrong');
  await expect(page.getByTestId('login-error')).toHaveText('Invalid email or password');
});
