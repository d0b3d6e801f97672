import { expect, test } from '@playwright/test';
import { CrmApi, fullName, uniqueSurname } from './support/contacts-api';
import { openSignedIn } from './support/contacts-ui';
import { expectToast } from './support/ui';

test.describe('merge (admins)', () => {
  test('merges two contacts from the duplicate banner with a preview, and undoes it', async ({
    page,
    request,
  }) => {
    const api = await CrmApi.logIn(request);
    const surname = uniqueSurname();
    const kept = await api.createContact({ name: 'Deniz', surname, city: null });
    const other = await api.createContact({ name: 'Deniz', surname, city: 'Famagusta' });
    await api.addNote(other.id, '<p>Prefers calls after six</p>');

    await openSignedIn(page, api, `/lead/${kept.id}`);
    const banner = page.getByRole('alert').filter({ hasText: 'Possible duplicate contact' });
    await expect(banner).toContainText('has the same name and surname.');
    await banner.getByRole('link', { name: 'Merge' }).click();
    await expect(page).toHaveURL(new RegExp(`/merge/contacts/${kept.id}/${other.id}$`));
    await expect(page.getByRole('heading', { name: 'Merge contacts', level: 1 })).toBeVisible();

    // The newer e-mail is preselected; keep this record's e-mail instead, and take the other's city.
    const keepEmail = page.getByRole('radio', { name: `Keep Email from Record #${kept.id}: ${kept.email}` });
    await expect(
      page.getByRole('radio', { name: `Keep Email from Record #${other.id}: ${other.email}` }),
    ).toBeChecked();
    await keepEmail.click();
    await expect(keepEmail).toBeChecked();
    await expect(
      page.getByRole('radio', { name: `Keep City from Record #${other.id}: Famagusta` }),
    ).toBeChecked();
    const preview = page.getByLabel('Merge preview');
    await expect(preview).toContainText(kept.email!);
    await expect(preview).toContainText('1 note');

    await page.getByRole('button', { name: 'Merge', exact: true }).click();
    await page.getByRole('dialog', { name: 'Merge contacts' }).getByRole('button', { name: 'Merge' }).click();
    await expectToast(page, 'Contacts merged');
    await expect(page).toHaveURL(new RegExp(`/lead/${kept.id}$`));
    await expect(page.getByText('Famagusta')).toBeVisible();
    await page.getByRole('tab', { name: 'Notes' }).click();
    await expect(page.getByText('Prefers calls after six')).toBeVisible();

    // A link to the merged contact lands on the survivor.
    await page.goto(`/lead/${other.id}`);
    await expect(page).toHaveURL(new RegExp(`/lead/${kept.id}$`));

    await page.getByRole('button', { name: 'Undo merge' }).click();
    await page
      .getByRole('dialog', { name: 'Undo merge' })
      .getByRole('button', { name: 'Undo merge' })
      .click();
    await expectToast(page, 'Merge undone');
    await page.goto(`/lead/${other.id}`);
    await expect(page).toHaveURL(new RegExp(`/lead/${other.id}$`));
    await expect(page.getByRole('heading', { name: fullName(other), level: 2 })).toBeVisible();
  });
});
