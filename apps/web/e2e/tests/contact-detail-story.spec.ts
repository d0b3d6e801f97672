import { expect, type Locator, type Page, test } from '@playwright/test';
import { CrmApi } from './support/contacts-api';
import { detailField, escapeRegExp, openSignedIn } from './support/contacts-ui';
import { expectToast } from './support/ui';

async function openLead(page: Page, api: CrmApi, id: number): Promise<void> {
  await openSignedIn(page, api, `/lead/${id}`);
  await expect(page.getByRole('heading', { name: 'Lead Details', level: 1 })).toBeVisible();
}

function fieldsCard(page: Page): Locator {
  return page.getByTestId('contact-fields');
}

/** The value of a field, as a button that starts its edit. */
function editableValue(page: Page, label: string): Locator {
  return fieldsCard(page).getByRole('button', { name: new RegExp(`^${escapeRegExp(label)}: .*\\. Edit$`) });
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'the element is laid out').not.toBeNull();
  return found as NonNullable<typeof found>;
}

test.describe('a contact detail page that reads like a record (issue 24, point 7)', () => {
  test('at 1280×800: grouped fields, empty ones behind a toggle, the timeline beside them', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const api = await CrmApi.logIn(request);
    const lead = await api.createContact({
      name: 'Story',
      city: 'Izmir',
      occupation: 'Chef',
      gender: 'FEMALE',
    });
    await openLead(page, api, lead.id);

    const card = fieldsCard(page);
    for (const group of ['Identity', 'Contact', 'Situation', 'Sales']) {
      await expect(card.getByRole('heading', { name: group, level: 3 })).toBeVisible();
    }
    await expect(detailField(page, 'City')).toHaveText('Izmir');
    await expect(detailField(page, 'Gender')).toHaveText('Female');
    // Empty fields wait behind the toggle.
    await expect(card.getByText('Passport No', { exact: true })).toHaveCount(0);
    await expect(card.getByText('Marital Status', { exact: true })).toHaveCount(0);
    await card.getByRole('button', { name: 'Show empty fields' }).click();
    await expect(detailField(page, 'Passport No')).toHaveText('—');
    await expect(detailField(page, 'Marital Status')).toHaveText('—');
    await card.getByRole('button', { name: 'Hide empty fields' }).click();
    await expect(card.getByText('Passport No', { exact: true })).toHaveCount(0);

    // The notes, activity and tasks sit beside the fields.
    const fields = await box(card);
    const tabs = await box(page.getByRole('tablist'));
    expect(tabs.x).toBeGreaterThan(fields.x + fields.width - 1);
    expect(Math.abs(tabs.y - fields.y)).toBeLessThan(80);
  });

  test('a field is edited in place: click, type, Enter saves; Escape cancels; the dialog’s rules apply', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const api = await CrmApi.logIn(request);
    const lead = await api.createContact({ name: 'Inline', city: 'Izmir', occupation: 'Chef' });
    await openLead(page, api, lead.id);

    await editableValue(page, 'City').click();
    const city = fieldsCard(page).getByRole('textbox', { name: 'City' });
    await expect(city).toBeFocused();
    await expect(city).toHaveValue('Izmir');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Ankara');
    await page.keyboard.press('Enter');
    await expectToast(page, 'Contact updated');
    await expect(city).toHaveCount(0);
    await expect(detailField(page, 'City')).toHaveText('Ankara');
    await page.getByRole('tab', { name: 'Activities' }).click();
    await expect(page.getByText(/changed City from Izmir to Ankara on/)).toBeVisible();

    // Escape puts the value back, with nothing sent.
    await editableValue(page, 'Occupation').click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Pilot');
    await page.keyboard.press('Escape');
    await expect(detailField(page, 'Occupation')).toHaveText('Chef');

    // The edit dialog's rules: an e-mail must be an address, and one the contact has cannot go.
    await editableValue(page, 'Email').click();
    const email = fieldsCard(page).getByRole('textbox', { name: 'Email' });
    await email.fill('not-an-address');
    await email.press('Enter');
    await expect(fieldsCard(page).getByText('Invalid email format', { exact: true })).toBeVisible();
    await email.fill('');
    await email.press('Enter');
    await expect(fieldsCard(page).getByText('Email is required', { exact: true })).toBeVisible();
    await email.press('Escape');
    await expect(detailField(page, 'Email')).toHaveText(lead.email ?? '');

    // A list field: picking an option saves it.
    await fieldsCard(page).getByRole('button', { name: 'Show empty fields' }).click();
    await editableValue(page, 'Marital Status').click();
    await fieldsCard(page).getByRole('option', { name: 'Married', exact: true }).click();
    await expect(detailField(page, 'Marital Status')).toHaveText('Married');
  });

  test('a field changed by someone else since the page read it is not overwritten: the 409 is explained', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const api = await CrmApi.logIn(request);
    const lead = await api.createContact({ name: 'Race', city: 'Izmir' });
    await openLead(page, api, lead.id);

    await editableValue(page, 'City').click();
    const city = fieldsCard(page).getByRole('textbox', { name: 'City' });
    await expect(city).toHaveValue('Izmir');
    // Someone else saves the same field between the read and the save.
    await api.updateContact(lead, { city: 'Bursa' });
    await city.fill('Ankara');
    await city.press('Enter');

    const refused = fieldsCard(page).getByRole('alert').filter({ hasText: 'Not saved' });
    await expect(refused).toContainText(
      new RegExp(
        `This contact was changed by ${escapeRegExp(api.user.name)} at \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC since you opened it\\.`,
      ),
    );
    await expect(refused).toContainText(
      'Reload to see the contact as it is now; your changes in this field will be replaced.',
    );
    // Nothing was overwritten.
    const stored = await request.get(`/api/contacts/${lead.id}`, {
      headers: { Authorization: `Bearer ${api.token}` },
    });
    expect(((await stored.json()) as { city: string }).city).toBe('Bursa');

    await refused.getByRole('button', { name: 'Reload' }).click();
    await expect(city).toHaveValue('Bursa');
    await expect(fieldsCard(page).getByRole('alert')).toHaveCount(0);
    await city.fill('Ankara');
    await city.press('Enter');
    await expectToast(page, 'Contact updated');
    await expect(detailField(page, 'City')).toHaveText('Ankara');
  });

  test('at 390×844: name, phone and e-mail first with call, WhatsApp and mail, then the tabs', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const api = await CrmApi.logIn(request);
    const lead = await api.createContact({ name: 'Pocket', city: 'Izmir' });
    await openLead(page, api, lead.id);

    const summary = page.getByTestId('contact-summary');
    const name = summary.getByRole('heading', { name: `Pocket ${lead.surname}`, level: 2 });
    await expect(name).toBeInViewport();
    await expect(summary.getByTestId('summary-email')).toHaveText(lead.email ?? '');
    await expect(summary.getByTestId('summary-phone')).toHaveAttribute('href', `tel:+${lead.phone}`);
    const call = summary.getByRole('link', { name: 'Call' });
    const whatsApp = summary.getByRole('link', { name: 'WhatsApp' });
    const mail = summary.getByRole('link', { name: 'Mail' });
    await expect(call).toHaveAttribute('href', `tel:+${lead.phone}`);
    await expect(whatsApp).toHaveAttribute('href', `https://wa.me/${lead.phone}`);
    await expect(mail).toHaveAttribute('href', `mailto:${lead.email}`);
    for (const button of [call, whatsApp, mail]) {
      await expect(button).toBeInViewport();
      // Each word whole, not cut by its button.
      const label = button.locator('.mantine-Button-label');
      expect(await label.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
    }

    // Then the tabs, then the fields.
    const top = await box(summary);
    const tabs = await box(page.getByRole('tablist'));
    const fields = await box(fieldsCard(page));
    expect(tabs.y).toBeGreaterThanOrEqual(top.y + top.height);
    expect(fields.y).toBeGreaterThan(tabs.y);
    // Nothing runs off the side.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });
});
