import { expect, type Page, test } from '@playwright/test';
import { CrmApi, uniqueSurname } from './support/contacts-api';
import { choose, contactRow, dialog, openSignedIn } from './support/contacts-ui';
import { createUserViaApi, newPersonPage, uniqueTag } from './support/session';
import { expectToast, sidebar } from './support/ui';

/** The bell in the top bar, whose name says how many notifications are unread. */
const bell = (page: Page, unread: number) =>
  page.getByRole('button', { name: `Notifications (${unread} unread)`, exact: true });

/** The browser's local day (dd.mm.yyyy, as the date fields take it) and time (HH:mm) `ms` from now. */
function localDayAndTime(page: Page, ms: number): Promise<{ day: string; time: string }> {
  return page.evaluate((offset) => {
    const at = new Date(Date.now() + offset);
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      day: `${pad(at.getDate())}.${pad(at.getMonth() + 1)}.${at.getFullYear()}`,
      time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
    };
  }, ms);
}

test.describe('follow-ups: tasks, notifications, mentions and live screens', () => {
  test('a task on a lead due in a minute shows on My Tasks, notifies its assignee when due, and is completed', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const user = await createUserViaApi(request, { firstName: `Tara${uniqueTag()}`, surname: 'Tasker' });
    const session = await CrmApi.logIn(request, user.email, user.password);
    const lead = await session.createContact({ name: 'Follow' });
    const title = `Call back ${lead.surname}`;

    await openSignedIn(page, session, `/lead/${lead.id}`);
    await page.getByRole('tab', { name: 'Tasks' }).click();
    await expect(page.getByText('No tasks for this record.', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Add Task' }).click();
    const form = dialog(page, 'New task');
    await form.getByRole('textbox', { name: 'Title' }).fill(title);
    const due = await localDayAndTime(page, 60_000);
    await form.getByRole('textbox', { name: 'Due' }).fill(due.day);
    await form.getByLabel('Time').fill(due.time);
    await form.getByRole('button', { name: 'Create task' }).click();
    await expectToast(page, 'Task created');
    await expect(form).toBeHidden();
    await expect(
      page.getByRole('region', { name: `Task ${title}` }).or(page.getByLabel(`Task ${title}`)),
    ).toBeVisible();

    await sidebar(page)
      .getByRole('link', { name: /My Tasks/ })
      .click();
    await expect(page.getByRole('heading', { name: 'My Tasks', level: 1 })).toBeVisible();
    const item = page.getByLabel(`Task ${title}`);
    await expect(item).toBeVisible();
    await expect(item).toContainText(`Follow ${lead.surname}`);
    await expect(sidebar(page).getByLabel('1 tasks due')).toBeVisible();

    // The scheduler tells the assignee when the time comes; the bell counts it without a reload.
    await expect(bell(page, 1)).toBeVisible({ timeout: 110_000 });
    await bell(page, 1).click();
    await expect(page.getByText(`Your task "${title}" is due`)).toBeVisible();
    await page.keyboard.press('Escape');

    await item.getByRole('checkbox', { name: `Complete ${title}` }).click();
    await expectToast(page, 'Task completed');
    await expect(item).toBeHidden();
    await page.getByRole('switch', { name: 'Show done' }).check();
    await expect(
      page.getByLabel(`Task ${title}`).getByRole('checkbox', { name: `Reopen ${title}` }),
    ).toBeChecked();
  });

  test('mentioning a colleague in a note raises their bell count in their own browser', async ({
    page,
    browser,
    request,
  }) => {
    const tag = uniqueTag();
    const author = await createUserViaApi(request, { firstName: `Ada${tag}`, surname: 'Author' });
    const colleague = await createUserViaApi(request, { firstName: `Cem${tag}`, surname: 'Colleague' });
    const authorSession = await CrmApi.logIn(request, author.email, author.password);
    const colleagueSession = await CrmApi.logIn(request, colleague.email, colleague.password);
    const lead = await authorSession.createContact({ name: 'Mention' });

    const other = await newPersonPage(browser);
    await openSignedIn(other, colleagueSession, '/');
    await expect(bell(other, 0)).toBeVisible();

    await openSignedIn(page, authorSession, `/lead/${lead.id}`);
    await page.getByRole('button', { name: 'Add Notes' }).click();
    const add = dialog(page, 'Add Notes');
    await add.getByRole('textbox', { name: 'Note' }).click();
    await page.keyboard.type(`Please call them, @Cem${tag}`);
    await page.getByRole('option', { name: colleague.name }).click();
    await page.keyboard.type(' thanks');
    await add.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Note added');

    await expect(bell(other, 1)).toBeVisible({ timeout: 10_000 });
    await bell(other, 1).click();
    await other.getByText(`${author.name} mentioned you`).click();
    await expect(other).toHaveURL(new RegExp(`/lead/${lead.id}$`));
    await expect(bell(other, 0)).toBeVisible();
    await other.context().close();
  });

  test('a lead created in one browser appears on /leads in another without a reload', async ({
    page,
    browser,
    request,
  }) => {
    const admin = await CrmApi.logIn(request);
    const watcher = await newPersonPage(browser);
    await openSignedIn(watcher, admin, '/leads');
    await expect(watcher.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
    await watcher.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });

    const surname = uniqueSurname();
    await openSignedIn(page, admin, '/new-lead');
    await page.getByRole('textbox', { name: 'First Name' }).fill('Live');
    await page.getByRole('textbox', { name: 'Surname' }).fill(surname);
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('5321234999');
    await choose(page, 'Source', 'Facebook');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expectToast(page, 'Lead created successfully!');

    await expect(contactRow(watcher, `Live ${surname}`)).toBeVisible({ timeout: 5_000 });
    expect(
      await watcher.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
    await watcher.context().close();
  });

  test('an open edit dialog says so when a colleague saves the contact underneath, and the stale save is refused', async ({
    page,
    request,
  }) => {
    const admin = await CrmApi.logIn(request);
    const colleague = await createUserViaApi(request, { firstName: `Eda${uniqueTag()}`, surname: 'Editor' });
    const colleagueSession = await CrmApi.logIn(request, colleague.email, colleague.password);
    const lead = await admin.createContact({ name: 'Shared' });

    await openSignedIn(page, admin, `/lead/${lead.id}`);
    await page.getByRole('button', { name: 'Edit contact' }).click();
    const edit = dialog(page, 'Edit Contact Info');
    await expect(edit).toBeVisible();
    await expect(edit.getByRole('alert')).toBeHidden();

    await colleagueSession.updateContact(lead, { city: 'Girne' });
    await expect(edit.getByRole('alert')).toContainText('This contact was changed by someone else', {
      timeout: 5_000,
    });

    await edit.getByRole('textbox', { name: 'City' }).fill('Lefkoşa');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeVisible();
    await expect(edit.getByRole('alert')).toContainText(colleague.name);
  });

  test('an open Edit agency info dialog says so when the agency is saved underneath, refuses the stale save and reloads', async ({
    page,
    request,
  }) => {
    const admin = await CrmApi.logIn(request);
    const agency = await admin.createAgency(`Underneath ${uniqueTag()}`);

    await openSignedIn(page, admin, `/agency/${agency.id}`);
    await page.getByRole('button', { name: 'Edit agency info' }).click();
    const edit = dialog(page, 'Edit agency info');
    await expect(edit.getByRole('textbox', { name: 'City' })).toHaveValue('Istanbul');
    await expect(edit.getByRole('alert')).toBeHidden();

    await admin.editAgency(agency.id, { city: 'Girne' });
    await expect(edit.getByRole('alert')).toContainText('This partner was changed by someone else', {
      timeout: 5_000,
    });

    await edit.getByRole('textbox', { name: 'City' }).fill('Lefkoşa');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByRole('alert')).toContainText(`This partner was changed by ${admin.user.name} at`);
    await edit.getByRole('alert').getByRole('button', { name: 'Reload' }).click();
    await expect(edit.getByRole('textbox', { name: 'City' })).toHaveValue('Girne');
    await expect(edit.getByRole('alert')).toBeHidden();
  });
});
