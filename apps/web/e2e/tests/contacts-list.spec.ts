import { expect, test } from '@playwright/test';
import { CrmApi, fullName, uniqueSurname } from './support/contacts-api';
import {
  cellUnder,
  contactRow,
  contactRows,
  header,
  openLeadsSignedIn,
  openSignedIn,
  rowAction,
  searchBox,
} from './support/contacts-ui';
import { createUserViaApi, newPersonPage, uniqueTag } from './support/session';
import { expectToast } from './support/ui';

test.describe('leads list (001 §2.2)', () => {
  test('search by name and surname and by e-mail, sort by Name both ways, filter a column, clear it all', async ({
    page,
    request,
  }) => {
    const api = await CrmApi.logIn(request);
    const surname = uniqueSurname();
    const charlie = await api.createContact({ name: 'Charlie', surname });
    const alpha = await api.createContact({ name: 'Alpha', surname });
    const bravo = await api.createContact({ name: 'Bravo', surname, email: `bravo.${surname}@example.org` });

    await openLeadsSignedIn(page, api);
    const search = searchBox(page);
    await expect(search).toHaveAttribute('placeholder', 'Search leads...');
    const clearAll = page.getByRole('button', { name: 'Clear All Filters' });
    await expect(clearAll).toBeHidden();

    // Name plus surname, in another case.
    await search.fill(`alpha ${surname.toUpperCase()}`);
    await expect(contactRow(page, fullName(alpha))).toBeVisible();
    await expect(contactRows(page)).toHaveCount(1);
    await expect(clearAll).toBeVisible();

    // The e-mail.
    await search.fill(bravo.email!);
    await expect(contactRow(page, fullName(bravo))).toBeVisible();
    await expect(contactRows(page)).toHaveCount(1);

    // The phone.
    await search.fill(charlie.phone);
    await expect(contactRow(page, fullName(charlie))).toBeVisible();
    await expect(contactRows(page)).toHaveCount(1);

    // All three, then sorted by Name: ascending first, then descending.
    await search.fill(surname);
    await expect(contactRows(page)).toHaveCount(3);
    const nameHeader = header(page, 'Name');
    await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    await page.getByRole('button', { name: 'Sort by Name', exact: true }).click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(contactRows(page)).toHaveText([/^Alpha /, /^Bravo /, /^Charlie /]);
    await page.getByRole('button', { name: 'Sort by Name', exact: true }).click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(contactRows(page)).toHaveText([/^Charlie /, /^Bravo /, /^Alpha /]);
    // Another column starts ascending again, and Name is no longer sorted.
    await page.getByRole('button', { name: 'Sort by E-Mail', exact: true }).click();
    await expect(header(page, 'E-Mail')).toHaveAttribute('aria-sort', 'ascending');
    await expect(nameHeader).toHaveAttribute('aria-sort', 'none');

    // A column filter on E-Mail (contains, ignoring case by default).
    await page.getByRole('button', { name: 'Filter E-Mail' }).click();
    const popover = page.getByRole('dialog', { name: 'Filter E-Mail' });
    await expect(popover.getByRole('combobox', { name: 'Match mode' })).toHaveValue('containsIgnoreCase');
    await popover.getByRole('textbox', { name: 'Filter value' }).fill('@EXAMPLE.ORG');
    await popover.getByRole('button', { name: 'Apply' }).click();
    await expect(contactRows(page)).toHaveCount(1);
    await expect(contactRow(page, fullName(bravo))).toBeVisible();
    await expect(page.getByRole('button', { name: 'Filter E-Mail' })).toHaveAttribute('aria-pressed', 'true');

    // Clear All Filters drops the search, the sort and the filter.
    await clearAll.click();
    await expect(clearAll).toBeHidden();
    await expect(search).toHaveValue('');
    await expect(header(page, 'E-Mail')).toHaveAttribute('aria-sort', 'none');
    await expect(page.getByRole('button', { name: 'Filter E-Mail' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await search.fill(surname);
    await expect(contactRows(page)).toHaveCount(3);
    await expect(contactRow(page, fullName(charlie))).toBeVisible();

    // A sort alone is enough to offer Clear All Filters.
    await search.fill('');
    await expect(clearAll).toBeHidden();
    await page.getByRole('button', { name: 'Sort by Phone Number', exact: true }).click();
    await expect(clearAll).toBeVisible();
    await clearAll.click();
    await expect(clearAll).toBeHidden();
    await expect(header(page, 'Phone Number')).toHaveAttribute('aria-sort', 'none');
  });

  test('a search without matches shows the empty state', async ({ page, request }) => {
    const api = await CrmApi.logIn(request);
    await openLeadsSignedIn(page, api);
    await searchBox(page).fill(`nobody-${uniqueSurname()}`);
    await expect(page.getByText('No Leads Found', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Try adjusting your search or add a new lead to get started.', { exact: true }),
    ).toBeVisible();
    await expect(contactRows(page)).toHaveCount(0);
  });

  test('leaving the search box searches at once, without waiting for the pause after typing', async ({
    page,
    request,
  }) => {
    const api = await CrmApi.logIn(request);
    const lead = await api.createContact({ name: 'Quentin' });
    await page.clock.install();
    await openLeadsSignedIn(page, api);
    // From here no timer fires by itself: the pause after the last keystroke never ends.
    await page.clock.pauseAt(Date.now() + 60_000);
    await searchBox(page).fill(lead.surname);
    await searchBox(page).press('Tab');
    await expect(page).toHaveURL(new RegExp(`/leads\\?q=${lead.surname}$`));
    await page.clock.resume();
    await expect(contactRows(page)).toHaveCount(1);
    await expect(contactRow(page, fullName(lead))).toBeVisible();
  });

  test('typing at office speed on a busy page keeps every letter: the box, the address and the matches agree', async ({
    page,
    request,
  }) => {
    const api = await CrmApi.logIn(request);
    const surname = `Yıldız${uniqueTag()}`;
    const lead = await api.createContact({ name: 'Mehmet', surname });
    await openLeadsSignedIn(page, api);
    await expect(contactRows(page).first()).toBeVisible();
    // A busy office computer: the page runs four times slower, and the pauses between keys are
    // longer than the list's pause before it searches, so searches settle while the person types.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const typed = `mehmet ${surname.toLowerCase()}`;
    for (const delay of [30, 80, 150]) {
      await searchBox(page).fill('');
      await searchBox(page).pressSequentially(typed, { delay });
      await expect(searchBox(page), `typed with ${delay} ms between keys`).toHaveValue(typed);
      await expect(page).toHaveURL((url) => url.searchParams.get('q') === typed);
      await expect(contactRows(page)).toHaveCount(1);
      await expect(contactRow(page, fullName(lead))).toBeVisible();
      await expect(searchBox(page)).toHaveValue(typed);
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });

  test('View in the row menu opens the lead’s details with its name and initials', async ({
    page,
    request,
  }) => {
    const api = await CrmApi.logIn(request);
    const lead = await api.createContact({ name: 'Viola', city: 'Izmir' });
    await openLeadsSignedIn(page, api);
    await searchBox(page).fill(lead.surname);
    await expect(contactRows(page)).toHaveCount(1);

    await rowAction(page, fullName(lead), 'View');
    await expect(page).toHaveURL(new RegExp(`/lead/${lead.id}$`));
    await expect(page.getByRole('heading', { name: 'Lead Details', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: fullName(lead), level: 2 })).toBeVisible();
    await expect(page.getByText(`V${lead.surname.charAt(0).toUpperCase()}`, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: lead.email! })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Notes' })).toHaveAttribute('aria-selected', 'true');

    // Back returns to the list, as it was searched.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(new RegExp(`/leads\\?q=${lead.surname}$`));
  });

  test('a colleague’s rename in their own browser reaches the Created By and Assigned To cells of an open list', async ({
    page,
    browser,
    request,
  }) => {
    const tag = uniqueTag();
    const colleague = await createUserViaApi(request, { firstName: `Rena${tag}`, surname: 'Before' });
    const colleagueApi = await CrmApi.logIn(request, colleague.email, colleague.password);
    const lead = await colleagueApi.createContact({ name: 'Owned' });

    await openLeadsSignedIn(page, await CrmApi.logIn(request));
    await searchBox(page).fill(lead.surname);
    const row = contactRow(page, fullName(lead));
    await expect(row).toBeVisible();
    await expect(await cellUnder(page, row, 'Created By')).toHaveText(colleague.name);
    await expect(await cellUnder(page, row, 'Assigned To')).toHaveText(colleague.name);
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });

    const other = await newPersonPage(browser);
    await openSignedIn(other, colleagueApi, '/profile');
    await other.getByRole('button', { name: 'Edit' }).click();
    const newName = `Rena${tag} After`;
    await other.getByRole('textbox', { name: 'Name' }).fill(newName);
    await other.getByRole('button', { name: 'Save' }).click();
    await expectToast(other, 'Profile updated successfully!');

    await expect(await cellUnder(page, row, 'Created By')).toHaveText(newName, { timeout: 5_000 });
    await expect(await cellUnder(page, row, 'Assigned To')).toHaveText(newName);
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
    await other.context().close();
  });
});
