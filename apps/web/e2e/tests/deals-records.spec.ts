import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { CrmApi, fullName } from './support/contacts-api';
import { dialog, openSignedIn } from './support/contacts-ui';
import { adminApi, createProductViaApi } from './support/products-setup';
import { bearer, createUserViaApi, uniqueTag } from './support/session';
import { expectToast } from './support/ui';

/** Picks a product on a line of the deal form: typed into the line's search, then chosen. */
async function chooseProduct(page: Page, line: number, title: string): Promise<void> {
  const input = page.getByRole('textbox', { name: `Product of line ${line}`, exact: true });
  await input.click();
  await input.fill(title);
  await page.getByRole('option', { name: title, exact: true }).click();
  await expect(input).toHaveValue(title);
}

test.describe('a deal from a lead, with its records (issue 25)', () => {
  test('a salesperson opens a lead, starts a deal from its Deals tab with two product lines, sees their sum, adds a note and finds the deal in the list', async ({
    page,
    request,
  }) => {
    const admin = await adminApi(request);
    const tag = uniqueTag();
    const villa = await createProductViaApi(request, admin, `Villa ${tag}`, { salePrice: 150000 });
    const parking = await createProductViaApi(request, admin, `Parking ${tag}`, { salePrice: 2500 });
    const person = await createUserViaApi(request, { firstName: 'Sales', surname: uniqueTag() });
    const seller = await CrmApi.logIn(request, person.email, person.password);
    const lead = await seller.createContact({ name: 'Derya' });

    await openSignedIn(page, seller, `/lead/${lead.id}`);
    await expect(page.getByRole('heading', { name: 'Lead Details', level: 1 })).toBeVisible();
    await page.getByRole('tab', { name: 'Deals' }).click();
    await expect(page.getByText('No deals yet.', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'New deal' }).click();

    await expect(page).toHaveURL(new RegExp(`/deals/new\\?contactId=${lead.id}$`));
    await expect(page.getByRole('heading', { name: 'New deal', level: 1 })).toBeVisible();
    // The lead is already the deal's contact; the deal starts in the first stage, at its probability.
    await expect(page.getByRole('textbox', { name: 'Contact', exact: true })).toHaveValue(
      `${fullName(lead)} (lead)`,
    );
    await expect(page.getByRole('textbox', { name: 'Stage', exact: true })).toHaveValue('New');

    // Saving without a title is refused with the shared schema's message, on the field.
    await page.getByRole('button', { name: 'Create deal' }).click();
    const title = page.getByRole('textbox', { name: 'Title', exact: true });
    await expect(page.getByText('Title is required', { exact: true })).toBeVisible();
    await expect(title).toBeFocused();

    const dealTitle = `Seafront villa ${tag}`;
    await title.fill(dealTitle);
    // Lost asks its reason before anything is sent; back in New it asks nothing more.
    const stage = page.getByRole('textbox', { name: 'Stage', exact: true });
    await stage.click();
    await page.getByRole('option', { name: 'Lost', exact: true }).click();
    await page.getByRole('button', { name: 'Create deal' }).click();
    await expect(page.getByText('Choose a lost reason', { exact: true })).toBeVisible();
    await stage.click();
    await page.getByRole('option', { name: 'New', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Lost reason' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Add product line' }).click();
    await chooseProduct(page, 1, villa.title);
    // The product's price is the line's unit price.
    await expect(page.getByRole('textbox', { name: 'Unit price of line 1' })).toHaveValue('150000');
    await page.getByRole('button', { name: 'Add product line' }).click();
    await chooseProduct(page, 2, parking.title);
    await expect(page.getByRole('textbox', { name: 'Unit price of line 2' })).toHaveValue('2500');
    await page.getByRole('textbox', { name: 'Quantity of line 2' }).fill('2');
    await expect(page.getByTestId('deal-form-amount')).toHaveText('£155,000.00');

    await page.getByRole('button', { name: 'Create deal' }).click();
    await expectToast(page, 'Deal created');
    await expect(page).toHaveURL(/\/deals\/\d+$/);
    const dealId = Number(new URL(page.url()).pathname.split('/').at(-1));

    await expect(page.getByRole('heading', { name: dealTitle, level: 1 })).toBeVisible();
    await expect(page.getByTestId('deal-amount')).toHaveText('£155,000.00');
    await expect(page.getByRole('link', { name: fullName(lead) })).toHaveAttribute(
      'href',
      `/lead/${lead.id}`,
    );
    const lines = page.getByRole('table', { name: 'Product lines' });
    await expect(lines.getByRole('row').filter({ hasText: villa.title })).toContainText('£150,000.00');
    await expect(lines.getByRole('row').filter({ hasText: parking.title })).toContainText('£5,000.00');

    // A note on the deal, from the shared Notes tab.
    const noteText = `Wants the sea view, ${tag}`;
    await page.getByRole('button', { name: 'Add Notes' }).click();
    const add = dialog(page, 'Add Notes');
    await add.getByRole('textbox', { name: 'Note' }).click();
    await page.keyboard.type(noteText);
    await add.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Note added');
    await expect(add).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: noteText })).toContainText(person.name);

    // The deal is in the list, and on the lead's Deals tab.
    await page.goto('/deals/list');
    await expect(page.getByRole('heading', { name: 'Deals', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search deals' }).fill(dealTitle);
    const row = page.getByRole('row').filter({ hasText: dealTitle });
    await expect(row).toBeVisible();
    await expect(row).toContainText('£155,000.00');
    await expect(row).toContainText(fullName(lead));

    // Filtered in the URL as the report's charts link here: the deal's stage keeps it, another drops it.
    const stages = (await (
      await request.get('/api/deal-stages', { headers: bearer(seller.token) })
    ).json()) as {
      id: number;
      name: string;
    }[];
    const stageId = (name: string) => stages.find((stage) => stage.name === name)?.id;
    await page.goto(`/deals/list?f.stageId=equals:${stageId('New')}`);
    await expect(page.getByRole('row').filter({ hasText: dealTitle })).toBeVisible();
    await page.goto(`/deals/list?f.stageId=equals:${stageId('Proposal')}`);
    await expect(page.getByText('No deals match.', { exact: true })).toBeVisible();

    // The list's export holds the deal, with its amount in pounds.
    await page.goto(`/deals/list?q=${encodeURIComponent(dealTitle)}`);
    await expect(page.getByRole('row').filter({ hasText: dealTitle })).toBeVisible();
    await page.getByRole('button', { name: 'Export' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('dialog', { name: 'Export' }).getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^deals-\d{4}-\d{2}-\d{2}\.csv$/);
    const csvLines = readFileSync((await download.path()) as string, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(csvLines).toHaveLength(2);
    expect(csvLines[1]).toContain(dealTitle);
    expect(csvLines[1]).toContain('155000');

    await page.goto(`/lead/${lead.id}`);
    await page.getByRole('tab', { name: 'Deals' }).click();
    await expect(page.getByRole('link', { name: dealTitle })).toHaveAttribute('href', `/deals/${dealId}`);
  });
});

test.describe('a deal changed by two people (issue 25)', () => {
  test('an edit refused because a colleague changed the title meanwhile offers the deal as it is now; a task on the deal; a stage moved in bulk from the list', async ({
    page,
    request,
  }) => {
    const person = await createUserViaApi(request, { firstName: 'Sales', surname: uniqueTag() });
    const seller = await CrmApi.logIn(request, person.email, person.password);
    const lead = await seller.createContact({ name: 'Kerem' });
    const stages = (await (
      await request.get('/api/deal-stages', { headers: bearer(seller.token) })
    ).json()) as {
      id: number;
      name: string;
    }[];
    const stageId = (name: string) => stages.find((stage) => stage.name === name)?.id;
    const tag = uniqueTag();
    const body = { title: `Flat ${tag}`, contactId: lead.id, stageId: stageId('New'), amount: 1000 };
    const created = await request.post('/api/deals', { headers: bearer(seller.token), data: body });
    expect(created.status(), await created.text()).toBe(201);
    const deal = (await created.json()) as { id: number; version: number };

    await openSignedIn(page, seller, `/deals/${deal.id}`);
    await expect(page.getByRole('heading', { name: body.title, level: 1 })).toBeVisible();
    await expect(page.getByTestId('deal-amount')).toHaveText('£1,000.00');
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = dialog(page, 'Edit deal');
    await edit.getByRole('textbox', { name: 'Title', exact: true }).fill(`Flat ${tag} (mine)`);

    // Meanwhile the same deal's title is changed elsewhere.
    const theirs = `Flat ${tag} (theirs)`;
    const changed = await request.put(`/api/deals/${deal.id}`, {
      headers: bearer(seller.token),
      data: { ...body, title: theirs, version: deal.version },
    });
    expect(changed.status(), await changed.text()).toBe(200);

    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    const refused = edit.getByRole('alert').filter({ hasText: 'Not saved' });
    await expect(refused).toBeVisible();
    await refused.getByRole('button', { name: 'Reload' }).click();
    await expect(edit.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(theirs);
    await edit.getByRole('textbox', { name: 'Probability %' }).fill('35');
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Deal updated');
    await expect(edit).toBeHidden();
    await expect(page.getByRole('heading', { name: theirs, level: 1 })).toBeVisible();
    await expect(page.getByText('35 % · weighted £350.00', { exact: true })).toBeVisible();

    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page.getByText(/changed Probability from \d+ to 35/)).toBeVisible();

    await page.getByRole('tab', { name: 'Tasks' }).click();
    await page.getByRole('button', { name: 'Add Task' }).click();
    const form = dialog(page, 'New task');
    await form.getByRole('textbox', { name: 'Title' }).fill(`Send the contract ${tag}`);
    await form.getByRole('button', { name: 'Create task' }).click();
    await expectToast(page, 'Task created');
    await expect(page.getByLabel(`Task Send the contract ${tag}`)).toBeVisible();

    await page.goto(`/deals/list?q=${encodeURIComponent(theirs)}`);
    const row = page.getByRole('row').filter({ hasText: theirs });
    await expect(row).toContainText('New');
    await page.getByRole('checkbox', { name: `Select ${theirs}` }).check();
    await page.getByRole('button', { name: 'Move stage' }).click();
    const move = dialog(page, 'Move deals');
    await move.getByRole('textbox', { name: 'Stage' }).click();
    await page.getByRole('option', { name: 'Qualified', exact: true }).click();
    await move.getByRole('button', { name: 'Move', exact: true }).click();
    await expectToast(page, '1 deal moved');
    await expect(row).toContainText('Qualified');
  });
});

test.describe("a partner's deals (issue 25)", () => {
  test("a lead's deal edited to Won offers the lead's conversion; the partner's Deals tab shows the revenue it referred and its commission", async ({
    page,
    request,
  }) => {
    const admin = await CrmApi.logIn(request);
    const tag = uniqueTag();
    const partner = await admin.createAgency(`Partner ${tag}`, { commissionRate: 12.5 });
    const lead = await admin.createContact({
      name: 'Leyla',
      agencyId: partner.id,
      gender: 'FEMALE',
      nationality: 'Germany',
      residency: 'Germany',
    });
    const stages = (await (
      await request.get('/api/deal-stages', { headers: bearer(admin.token) })
    ).json()) as {
      id: number;
      name: string;
    }[];
    const stageId = (name: string) => stages.find((stage) => stage.name === name)?.id;
    const title = `Penthouse ${tag}`;
    const created = await request.post('/api/deals', {
      headers: bearer(admin.token),
      data: { title, contactId: lead.id, stageId: stageId('Negotiation'), amount: '20.000' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const deal = (await created.json()) as { id: number; agency: { name: string } | null };
    // The partner is the contact's, kept as the referral.
    expect(deal.agency?.name).toBe(partner.name);

    await openSignedIn(page, admin, `/deals/${deal.id}`);
    await expect(page.getByRole('link', { name: partner.name })).toHaveAttribute(
      'href',
      `/agency/${partner.id}`,
    );
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = dialog(page, 'Edit deal');
    await edit.getByRole('textbox', { name: 'Stage', exact: true }).click();
    await page.getByRole('option', { name: 'Won', exact: true }).click();
    // The stage's own probability comes with it.
    await expect(edit.getByRole('textbox', { name: 'Probability %' })).toHaveValue('100');
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Deal updated');

    // Titled for what it asks: "Convert to Customer" when the lead lacks nothing, as this one.
    const convert = page.getByRole('dialog', { name: /^Convert (Lead )?to Customer$/ });
    await expect(convert).toContainText(`Convert ${fullName(lead)} to a customer?`);
    await convert.getByRole('button', { name: 'Yes, Convert' }).click();
    await expectToast(page, 'Lead successfully converted to customer!');
    await expect(convert).toBeHidden();
    await expect(page.getByRole('link', { name: fullName(lead) })).toHaveAttribute(
      'href',
      `/customer/${lead.id}`,
    );

    await page.goto(`/agency/${partner.id}`);
    await page.getByRole('tab', { name: 'Deals' }).click();
    await expect(page.getByTestId('referred-revenue')).toHaveText('£20,000.00');
    await expect(page.getByTestId('commission-rate')).toHaveText('12.5 %');
    await expect(page.getByTestId('commission-earned')).toHaveText('£2,500.00');
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText(fullName(lead));
    await expect(row).toContainText('Won');
    await expect(row.getByRole('link', { name: title })).toHaveAttribute('href', `/deals/${deal.id}`);

    // An admin deactivates the deal from its page, and activates it again.
    await row.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await dialog(page, 'Deactivate deal').getByRole('button', { name: 'Deactivate' }).click();
    await expectToast(page, 'Deal deactivated');
    await expect(page.getByText('Inactive', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Activate', exact: true }).click();
    await expectToast(page, 'Deal activated');
    await expect(page.getByText('Inactive', { exact: true })).toHaveCount(0);
  });
});

/** WCAG 2.2 A and AA as the accessibility spec checks them: a serious or critical violation fails. */
async function seriousViolations(page: Page): Promise<string[]> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByLabel(/^Loading/)).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
    );
}

test.describe('the deal screens for everyone (issue 25)', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`the new deal form with a line, a deal's page, the deals list and the Deals tabs pass axe (WCAG 2.2 AA), ${scheme}`, async ({
      page,
      request,
    }) => {
      const admin = await CrmApi.logIn(request);
      const api = await adminApi(request);
      const tag = uniqueTag();
      const product = await createProductViaApi(request, api, `Axe villa ${tag}`, { salePrice: 90000 });
      const partner = await admin.createAgency(`Axe partner ${tag}`);
      const lead = await admin.createContact({ name: 'Axe', agencyId: partner.id });
      const stages = (await (
        await request.get('/api/deal-stages', { headers: bearer(admin.token) })
      ).json()) as {
        id: number;
        kind: string;
      }[];
      const reasons = (await (
        await request.get('/api/deal-lost-reasons', { headers: bearer(admin.token) })
      ).json()) as { id: number }[];
      // A won and a lost deal too, so that the list shows every kind of stage badge.
      for (const kind of ['won', 'lost']) {
        const ended = await request.post('/api/deals', {
          headers: bearer(admin.token),
          data: {
            title: `Axe ${kind} ${tag}`,
            contactId: lead.id,
            stageId: stages.find((stage) => stage.kind === kind)?.id,
            lostReasonId: kind === 'lost' ? reasons[0]?.id : null,
            amount: 1000,
          },
        });
        expect(ended.status(), await ended.text()).toBe(201);
      }
      const created = await request.post('/api/deals', {
        headers: bearer(admin.token),
        data: {
          title: `Axe deal ${tag}`,
          contactId: lead.id,
          stageId: stages[0]?.id,
          lines: [{ productId: product.id, quantity: 1 }],
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { id } = (await created.json()) as { id: number };

      await page.emulateMedia({ colorScheme: scheme });
      const found: Record<string, string[]> = {};
      const check = async (name: string) => {
        const problems = await seriousViolations(page);
        if (problems.length > 0) found[name] = problems;
      };

      await openSignedIn(page, admin, `/deals/new?contactId=${lead.id}`);
      await page.getByRole('button', { name: 'Add product line' }).click();
      await check('new deal');
      await page.goto(`/deals/${id}`);
      await check('deal page');
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await expect(dialog(page, 'Edit deal')).toBeVisible();
      await check('edit deal');
      await page.goto('/deals/list');
      await expect(
        page
          .getByRole('row')
          .filter({ hasText: `Axe deal ${tag}` })
          .first(),
      ).toBeVisible();
      await check('deals list');
      await page.goto(`/lead/${lead.id}`);
      await page.getByRole('tab', { name: 'Deals' }).click();
      await expect(page.getByRole('link', { name: `Axe deal ${tag}` })).toBeVisible();
      await check("a lead's Deals tab");
      await page.goto(`/agency/${partner.id}`);
      await page.getByRole('tab', { name: 'Deals' }).click();
      await expect(page.getByTestId('commission-earned')).toBeVisible();
      await check("a partner's Deals tab");
      expect(found).toEqual({});
    });
  }
});
