import { expect, test } from '@playwright/test';
import { CrmApi, uniqueSurname } from './support/contacts-api';
import { openSignedIn } from './support/contacts-ui';
import { uniqueEmail } from './support/session';
import { expectToast } from './support/ui';

test.describe('merge of partners (admins)', () => {
  test('merges two agencies from the duplicate banner with a preview, and undoes it', async ({
    page,
    request,
  }) => {
    const api = await CrmApi.logIn(request);
    const tag = uniqueSurname();
    const email = uniqueEmail('shared');
    const kept = await api.createAgency(`${tag} Homes`, { email, city: 'Istanbul' });
    const other = await api.createAgency(`${tag} Homes Ltd`, { email, city: 'Kyrenia', commissionRate: 12 });
    // A customer the other agency referred moves to the survivor.
    const referred = await api.createContact({
      name: 'Referred',
      type: 'CUSTOMER',
      agencyId: other.id,
      nationality: 'Turkey',
      residency: 'Turkey',
      gender: 'MALE',
    });

    await openSignedIn(page, api, `/agency/${kept.id}`);
    const banner = page.getByRole('alert').filter({ hasText: 'Possible duplicate: Email' });
    await expect(banner).toContainText(`Another agency has the same email: ${other.name}`);
    await banner.getByRole('link', { name: `Merge with ${other.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/merge/agencies/${kept.id}/${other.id}$`));
    await expect(page.getByRole('heading', { name: 'Merge partners', level: 1 })).toBeVisible();

    // The newer record's values are preselected; keep this record's name, take the other's city.
    await expect(
      page.getByRole('radio', { name: `Keep City from Record #${other.id}: Kyrenia` }),
    ).toBeChecked();
    const keepName = page.getByRole('radio', {
      name: `Keep Agency Name from Record #${kept.id}: ${kept.name}`,
    });
    await keepName.click();
    await expect(keepName).toBeChecked();
    const preview = page.getByLabel('Merge preview');
    await expect(preview).toContainText(kept.name);
    await expect(preview).toContainText('1 customer');

    await page.getByRole('button', { name: 'Merge', exact: true }).click();
    await page.getByRole('dialog', { name: 'Merge partners' }).getByRole('button', { name: 'Merge' }).click();
    await expectToast(page, 'Partners merged');
    await expect(page).toHaveURL(new RegExp(`/agency/${kept.id}$`));
    await expect(page.getByText('Kyrenia')).toBeVisible();
    await expect(page.getByText('12%')).toBeVisible();
    await expect(page.getByRole('heading', { name: kept.name })).toBeVisible();
    await page.getByRole('tab', { name: 'Customers' }).click();
    await expect(
      page.getByRole('tabpanel').getByRole('row').filter({ hasText: referred.surname }),
    ).toHaveCount(1);

    // A link to the merged agency lands on the survivor.
    await page.goto(`/agency/${other.id}`);
    await expect(page).toHaveURL(new RegExp(`/agency/${kept.id}$`));

    await page.getByRole('button', { name: 'Undo merge' }).click();
    await page
      .getByRole('dialog', { name: 'Undo merge' })
      .getByRole('button', { name: 'Undo merge' })
      .click();
    await expectToast(page, 'Merge undone');
    await expect(page.getByText('Istanbul')).toBeVisible();
    await expect(page.getByText('10%')).toBeVisible();
    await page.goto(`/agency/${other.id}`);
    await expect(page).toHaveURL(new RegExp(`/agency/${other.id}$`));
    await expect(page.getByRole('heading', { name: other.name })).toBeVisible();
    await page.getByRole('tab', { name: 'Customers' }).click();
    await expect(
      page.getByRole('tabpanel').getByRole('row').filter({ hasText: referred.surname }),
    ).toHaveCount(1);
  });
});
