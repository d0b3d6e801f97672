import { todayIso } from '@crm/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, createAgency, createAgencyContact } from './helpers/agencies.js';
import { createContact, leadPayload } from './helpers/contacts.js';
import { createTestApp, errorOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

/**
 * The reports read a small fixed set of deals, made through the API, and every figure below is
 * worked out by hand from it. Months are relative to today: M(0) is this month, M(-1) the last.
 */

let t: TestApp;
let admin: SignedIn;
let ayse: SignedIn;
let mehmet: SignedIn;
const stage: Record<string, number> = {};
const reason: Record<string, number> = {};
let sunriseId: number;
let harbourId: number;
let formulaId: number;

function M(offset: number): string {
  const [year, month] = todayIso().split('-').map(Number) as [number, number];
  const index = year * 12 + month - 1 + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
const DAY = 86_400_000;

async function deal(
  who: SignedIn,
  fields: Record<string, unknown>,
): Promise<{ id: number; version: number }> {
  const res = await api(t, 'POST', '/api/deals', who, fields);
  if (res.statusCode !== 201) throw new Error(`create deal failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function report<T>(who: SignedIn, path: string): Promise<T> {
  const res = await api(t, 'GET', `/api/deal-reports/${path}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

function expectRefused(res: LightMyRequestResponse, status: number, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(errorOf(res)).toBe(message);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin', firstName: 'Alice', surname: 'Admin' });
  ayse = await signIn(t, { firstName: 'Ayşe', surname: 'Sales' });
  mehmet = await signIn(t, { firstName: 'Mehmet', surname: 'Sales' });
  for (const row of (await api(t, 'GET', '/api/deal-stages', admin)).json<{ id: number; name: string }[]>())
    stage[row.name] = row.id;
  for (const row of (await api(t, 'GET', '/api/deal-lost-reasons', admin)).json<
    { id: number; name: string }[]
  >())
    reason[row.name] = row.id;
  sunriseId = (await createAgency(t, admin, { name: 'Sunrise Homes', commissionRate: 10 })).id;
  harbourId = (await createAgency(t, admin, { name: 'Harbour Estates', commissionRate: 2.5 })).id;
  formulaId = (await createAgency(t, admin, { name: '=Cmd Estates', commissionRate: 1 })).id;
  const lead = (await createContact(t, ayse, leadPayload({ name: 'Leyla', surname: 'Lead' }))).id;
  const sunriseLead = (await createAgencyContact(t, admin, sunriseId, { name: 'Sam', surname: 'Sunrise' }))
    .id;
  const harbourLead = (await createAgencyContact(t, admin, harbourId, { name: 'Hal', surname: 'Harbour' }))
    .id;
  const formulaLead = (await createAgencyContact(t, admin, formulaId, { name: 'Fay', surname: 'Formula' }))
    .id;

  const open = (name: string, amount: number, close: string | null, contactId = lead) => ({
    title: `${name} deal`,
    contactId,
    stageId: stage[name],
    amount,
    expectedCloseDate: close,
  });
  // Open deals.
  await deal(ayse, open('Qualified', 10_000, `${M(0)}-28`, sunriseLead));
  await deal(ayse, open('Proposal', 20_000, `${M(2)}-10`));
  await deal(mehmet, { ...open('Proposal', 5_000, `${M(2)}-20`, harbourLead), probability: 50 });
  await deal(mehmet, open('Negotiation', 12_345.67, `${M(5)}-05`));
  await deal(ayse, open('New', 999.99, `${M(6)}-01`));
  await deal(ayse, open('Viewing', 3_000, `${M(-2)}-15`));
  // Won deals.
  const won = (amount: number, wonDate: string | null, close: string | null, contactId = lead) => ({
    title: 'Won deal',
    contactId,
    stageId: stage.Won,
    amount,
    wonDate,
    expectedCloseDate: close,
  });
  await deal(ayse, won(50_000, `${M(-1)}-10`, `${M(-1)}-20`, sunriseLead));
  await deal(mehmet, won(30_000, `${M(0)}-01`, `${M(-3)}-15`, sunriseLead));
  await deal(mehmet, won(40_000, `${M(-3)}-05`, `${M(-3)}-05`, harbourLead));
  await deal(ayse, won(7_500.5, null, null));
  // Entered 20 and 31 days ago, won today: with the one above (0 days), the median is 20 days.
  const realNow = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    vi.setSystemTime(realNow - 20 * DAY);
    const entered20 = await deal(ayse, open('New', 1_000, null));
    vi.setSystemTime(realNow - 31 * DAY);
    const entered31 = await deal(mehmet, open('New', 2_000, null));
    vi.useRealTimers();
    for (const [who, entered] of [
      [ayse, entered20],
      [mehmet, entered31],
    ] as const) {
      const moved = await api(t, 'PATCH', `/api/deals/${entered.id}/stage`, who, { stageId: stage.Won });
      expect(moved.statusCode, moved.body).toBe(200);
    }
  } finally {
    vi.useRealTimers();
  }
  // Lost deals.
  const lost = (amount: number, lostReasonId: number, close: string | null, contactId = lead) => ({
    title: 'Lost deal',
    contactId,
    stageId: stage.Lost,
    amount,
    lostReasonId,
    expectedCloseDate: close,
  });
  await deal(ayse, lost(8_000, reason.Price!, `${M(-1)}-05`));
  await deal(mehmet, lost(2_000, reason.Price!, null, sunriseLead));
  await deal(mehmet, lost(6_000, reason.Timing!, `${M(-2)}-01`));
  // A deactivated deal counts nowhere.
  const gone = await deal(admin, {
    ...won(100_000, `${M(0)}-01`, `${M(0)}-02`, sunriseLead),
    ownerId: ayse.id,
  });
  const off = await api(t, 'PUT', `/api/deals/${gone.id}`, admin, {
    ...won(100_000, `${M(0)}-01`, `${M(0)}-02`, sunriseLead),
    ownerId: ayse.id,
    isActive: false,
  });
  expect(off.statusCode, off.body).toBe(200);
  // A partner whose name a spreadsheet would run, with a deal won a year and a half ago (outside the period).
  await deal(admin, won(9_000, `${M(-18)}-01`, null, formulaLead));
  await deal(admin, won(1_000, `${M(-2)}-01`, null, formulaLead));
});
afterAll(async () => t.close());

interface PipelineJson {
  currency: string;
  stages: {
    stageId: number;
    name: string;
    probability: number;
    count: number;
    amount: number;
    weightedAmount: number;
  }[];
}

describe('pipeline by stage', () => {
  it('sums each open stage in board order: count, amount and amount × probability', async () => {
    const body = await report<PipelineJson>(admin, 'pipeline');
    expect(body.currency).toBe('GBP');
    expect(body.stages).toEqual([
      { stageId: stage.New, name: 'New', probability: 10, count: 1, amount: 999.99, weightedAmount: 100 },
      {
        stageId: stage.Qualified,
        name: 'Qualified',
        probability: 25,
        count: 1,
        amount: 10_000,
        weightedAmount: 2_500,
      },
      {
        stageId: stage.Viewing,
        name: 'Viewing',
        probability: 40,
        count: 1,
        amount: 3_000,
        weightedAmount: 1_200,
      },
      {
        stageId: stage.Proposal,
        name: 'Proposal',
        probability: 60,
        count: 2,
        amount: 25_000,
        weightedAmount: 14_500,
      },
      {
        stageId: stage.Negotiation,
        name: 'Negotiation',
        probability: 80,
        count: 1,
        amount: 12_345.67,
        weightedAmount: 9_876.54,
      },
    ]);
  });

  it("gives a plain user their own deals' figures only", async () => {
    const body = await report<PipelineJson>(ayse, 'pipeline');
    expect(body.stages.map((row) => [row.name, row.count, row.amount, row.weightedAmount])).toEqual([
      ['New', 1, 999.99, 100],
      ['Qualified', 1, 10_000, 2_500],
      ['Viewing', 1, 3_000, 1_200],
      ['Proposal', 1, 20_000, 12_000],
      ['Negotiation', 0, 0, 0],
    ]);
  });

  it('narrows by owner and by partner', async () => {
    const mine = await report<PipelineJson>(admin, `pipeline?ownerId=${mehmet.id}`);
    expect(mine.stages.map((row) => row.count)).toEqual([0, 0, 0, 1, 1]);
    const sunrise = await report<PipelineJson>(admin, `pipeline?agencyId=${sunriseId}`);
    expect(sunrise.stages.map((row) => row.amount)).toEqual([0, 10_000, 0, 0, 0]);
    // A filter never widens what a plain user sees.
    const others = await report<PipelineJson>(ayse, `pipeline?ownerId=${mehmet.id}`);
    expect(others.stages.every((row) => row.count === 0)).toBe(true);
  });
});

describe('forecast', () => {
  it('weights open deals by expected close month, this month and the next 5, empty months as 0', async () => {
    const body = await report<{ months: { month: string; weightedAmount: number }[] }>(admin, 'forecast');
    expect(body.months).toEqual([
      { month: M(0), weightedAmount: 2_500 },
      { month: M(1), weightedAmount: 0 },
      { month: M(2), weightedAmount: 14_500 },
      { month: M(3), weightedAmount: 0 },
      { month: M(4), weightedAmount: 0 },
      { month: M(5), weightedAmount: 9_876.54 },
    ]);
  });
});

describe('won against forecast', () => {
  it('gives the amount won by won date and the weighted amount expected to close, for the last 6 months', async () => {
    const body = await report<{ months: { month: string; won: number; forecast: number }[] }>(
      admin,
      'won-vs-forecast',
    );
    expect(body.months).toEqual([
      { month: M(-5), won: 0, forecast: 0 },
      { month: M(-4), won: 0, forecast: 0 },
      { month: M(-3), won: 40_000, forecast: 70_000 },
      { month: M(-2), won: 1_000, forecast: 1_200 },
      { month: M(-1), won: 50_000, forecast: 50_000 },
      { month: M(0), won: 40_500.5, forecast: 2_500 },
    ]);
  });
});

describe('win rate', () => {
  it('is won ÷ (won + lost) of the deals created in the last 12 months, with the median days to win', async () => {
    const body = await report<Record<string, unknown>>(admin, 'win-rate');
    expect(body).toEqual({
      from: `${M(-11)}-01`,
      to: todayIso(),
      won: 8,
      lost: 3,
      winRate: 72.7,
      medianDaysToWin: 20,
    });
  });

  it('takes a period, and says null when nothing in it has closed', async () => {
    const body = await report<Record<string, unknown>>(admin, 'win-rate?from=2001-01-01&to=2001-12-31');
    expect(body).toEqual({
      from: '2001-01-01',
      to: '2001-12-31',
      won: 0,
      lost: 0,
      winRate: null,
      medianDaysToWin: null,
    });
  });

  it("counts a plain user's own deals", async () => {
    const body = await report<Record<string, unknown>>(ayse, 'win-rate');
    // Won: 50,000, 7,500.50 and the one entered 20 days ago; lost: 8,000. Days: 0 and 20.
    expect(body).toMatchObject({ won: 3, lost: 1, winRate: 75, medianDaysToWin: 10 });
  });
});

describe('loss reasons', () => {
  it('counts and sums the lost deals per reason, most first', async () => {
    const body = await report<{ reasons: unknown[] }>(admin, 'loss-reasons');
    expect(body.reasons).toEqual([
      { lostReasonId: reason.Price, name: 'Price', count: 2, amount: 10_000 },
      { lostReasonId: reason.Timing, name: 'Timing', count: 1, amount: 6_000 },
    ]);
    const own = await report<{ reasons: unknown[] }>(mehmet, 'loss-reasons');
    expect(own.reasons).toEqual([
      { lostReasonId: reason.Price, name: 'Price', count: 1, amount: 2_000 },
      { lostReasonId: reason.Timing, name: 'Timing', count: 1, amount: 6_000 },
    ]);
  });
});

describe('the lists the charts open', () => {
  /** The deals list as a chart links to it: the amounts of every deal it holds, summed. */
  const listed = async (query: string) => {
    const res = await api(t, 'GET', `/api/deals?limit=200&${query}`, admin);
    expect(res.statusCode).toBe(200);
    const rows = res.json<{ amount: number }[]>();
    return { count: rows.length, amount: rows.reduce((sum, row) => sum + row.amount, 0) };
  };

  it("holds a month's won deals by their won date, and a loss reason's deals", async () => {
    expect(await listed(`filter.stageId=equals:${stage.Won}&filter.wonDate=contains:${M(-3)}`)).toEqual({
      count: 1,
      amount: 40_000,
    });
    expect(
      await listed(`filter.stageId=equals:${stage.Lost}&filter.lostReasonId=equals:${reason.Price}`),
    ).toEqual({ count: 2, amount: 10_000 });
    expect(await listed(`filter.lostReasonId=equals:${reason.Timing}`)).toEqual({ count: 1, amount: 6_000 });
  });
});

describe('revenue', () => {
  it('sums the amount won in the period per partner, deals without one together', async () => {
    const body = await report<{ from: string; partners: unknown[] }>(admin, 'revenue-by-partner');
    expect(body.from).toBe(`${M(-11)}-01`);
    expect(body.partners).toEqual([
      { agencyId: sunriseId, name: 'Sunrise Homes', count: 2, amount: 80_000 },
      { agencyId: harbourId, name: 'Harbour Estates', count: 1, amount: 40_000 },
      { agencyId: null, name: 'No partner', count: 3, amount: 10_500.5 },
      { agencyId: formulaId, name: '=Cmd Estates', count: 1, amount: 1_000 },
    ]);
  });

  it('sums the amount won in the period per owner', async () => {
    const body = await report<{ owners: unknown[] }>(admin, 'revenue-by-owner');
    expect(body.owners).toEqual([
      { ownerId: mehmet.id, name: 'Mehmet Sales', count: 3, amount: 72_000 },
      { ownerId: ayse.id, name: 'Ayşe Sales', count: 3, amount: 58_500.5 },
      { ownerId: admin.id, name: 'Alice Admin', count: 1, amount: 1_000 },
    ]);
    const narrowed = await report<{ owners: unknown[] }>(admin, `revenue-by-owner?ownerId=${ayse.id}`);
    expect(narrowed.owners).toEqual([{ ownerId: ayse.id, name: 'Ayşe Sales', count: 3, amount: 58_500.5 }]);
    const own = await report<{ owners: unknown[] }>(ayse, 'revenue-by-owner');
    expect(own.owners).toEqual([{ ownerId: ayse.id, name: 'Ayşe Sales', count: 3, amount: 58_500.5 }]);
  });

  it('takes a period that reaches the older win', async () => {
    const body = await report<{ partners: { agencyId: number | null; amount: number }[] }>(
      admin,
      `revenue-by-partner?agencyId=${formulaId}&from=${M(-24)}-01&to=${todayIso()}`,
    );
    expect(body.partners).toEqual([{ agencyId: formulaId, name: '=Cmd Estates', count: 2, amount: 10_000 }]);
  });
});

describe('commission', () => {
  const expected = () => [
    {
      agencyId: formulaId,
      name: '=Cmd Estates',
      month: M(-2),
      count: 1,
      amountWon: 1_000,
      commissionRate: 1,
      commission: 10,
    },
    {
      agencyId: harbourId,
      name: 'Harbour Estates',
      month: M(-3),
      count: 1,
      amountWon: 40_000,
      commissionRate: 2.5,
      commission: 1_000,
    },
    {
      agencyId: sunriseId,
      name: 'Sunrise Homes',
      month: M(-1),
      count: 1,
      amountWon: 50_000,
      commissionRate: 10,
      commission: 5_000,
    },
    {
      agencyId: sunriseId,
      name: 'Sunrise Homes',
      month: M(0),
      count: 1,
      amountWon: 30_000,
      commissionRate: 10,
      commission: 3_000,
    },
  ];

  it("is each partner's amount won per month × its Commission Rate", async () => {
    const body = await report<{ rows: unknown[]; total: number; currency: string }>(admin, 'commission');
    expect(body.rows).toEqual(expected());
    expect(body.total).toBe(9_010);
    expect(body.currency).toBe('GBP');
    const own = await report<{ rows: unknown[]; total: number }>(ayse, 'commission');
    expect(own.rows).toEqual([expected()[2]]);
    expect(own.total).toBe(5_000);
  });

  it('exports the same rows as CSV for payment, a formula-like partner name written as text', async () => {
    for (const path of ['commission.csv', 'commission?format=csv']) {
      const res = await api(t, 'GET', `/api/deal-reports/${path}`, admin);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="commission-${M(-11)}-01-to-${todayIso()}.csv"`,
      );
      expect(
        res.body
          .replace(/^\uFEFF/, '')
          .trim()
          .split('\n'),
      ).toEqual([
        'Partner ID,Partner,Month,Deals won,Amount won,Commission Rate,Commission,Currency',
        `${formulaId},'=Cmd Estates,${M(-2)},1,1000,1,10,GBP`,
        `${harbourId},Harbour Estates,${M(-3)},1,40000,2.5,1000,GBP`,
        `${sunriseId},Sunrise Homes,${M(-1)},1,50000,10,5000,GBP`,
        `${sunriseId},Sunrise Homes,${M(0)},1,30000,10,3000,GBP`,
      ]);
    }
  });
});

describe('who may read the reports, and what they take', () => {
  const paths = [
    'pipeline',
    'forecast',
    'won-vs-forecast',
    'win-rate',
    'loss-reasons',
    'revenue-by-partner',
    'revenue-by-owner',
    'commission',
    'commission.csv',
  ];

  it('refuses a caller without a session', async () => {
    for (const path of paths) {
      const res = await t.app.inject({ method: 'GET', url: `/api/deal-reports/${path}` });
      expect(res.statusCode, path).toBe(401);
    }
  });

  it('answers every signed-in user, with only what they may see', async () => {
    for (const who of [admin, ayse, mehmet])
      for (const path of paths)
        expect((await api(t, 'GET', `/api/deal-reports/${path}`, who)).statusCode).toBe(200);
  });

  it('refuses filters that are not ids or days, with what is wrong', async () => {
    expectRefused(
      await api(t, 'GET', '/api/deal-reports/pipeline?ownerId=abc', admin),
      400,
      'ownerId must be an id',
    );
    expectRefused(
      await api(t, 'GET', '/api/deal-reports/forecast?agencyId=-3', admin),
      400,
      'agencyId must be an id',
    );
    expectRefused(
      await api(t, 'GET', '/api/deal-reports/win-rate?from=2026-02-30', admin),
      400,
      'from must read YYYY-MM-DD',
    );
    expectRefused(
      await api(t, 'GET', '/api/deal-reports/revenue-by-owner?to=yesterday', admin),
      400,
      'to must read YYYY-MM-DD',
    );
    expectRefused(
      await api(t, 'GET', '/api/deal-reports/commission?from=2026-05-01&to=2026-04-30', admin),
      400,
      'from must not be after to',
    );
    expectRefused(
      await api(t, 'GET', '/api/deal-reports/commission?format=xml', admin),
      400,
      'format must be json or csv',
    );
  });
});

// Last in the file: it adds a deal, which every figure above would count.
describe('a report read again', () => {
  it('shows a change at the next read, though the same report was just answered', async () => {
    const newStage = async (who: SignedIn) =>
      (await report<PipelineJson>(who, 'pipeline')).stages.find((row) => row.stageId === stage.New);
    const before = await newStage(admin);
    const ownBefore = await newStage(ayse);
    const contactId = (await createContact(t, ayse, leadPayload({ name: 'Nora', surname: 'New' }))).id;
    const added = await deal(ayse, { title: 'Fresh deal', contactId, stageId: stage.New, amount: 500 });
    expect(await newStage(admin)).toMatchObject({ count: before!.count + 1, amount: before!.amount + 500 });
    expect(await newStage(ayse)).toMatchObject({ count: ownBefore!.count + 1 });
    // Mehmet's view is his own: the cached answer for the admin is not his.
    expect((await newStage(mehmet))?.count).toBe(0);

    const moved = await api(t, 'PATCH', `/api/deals/${added.id}/stage`, ayse, {
      stageId: stage.Qualified,
      version: added.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await newStage(admin)).toMatchObject({ count: before!.count, amount: before!.amount });
  });
});

// Last in the file too: 22 partners' wins in 2001, a period no other test reads.
describe('many partners', () => {
  const period = 'from=2001-01-01&to=2001-12-31';

  it('name the top 20 and sum the rest in one line; the commission CSV has every row', async () => {
    for (let i = 1; i <= 22; i++) {
      const agencyId = (
        await createAgency(t, admin, { name: `Partner ${String(i).padStart(2, '0')}`, commissionRate: 10 })
      ).id;
      const contactId = (
        await createAgencyContact(t, admin, agencyId, { name: 'Pat', surname: `Partner${i}` })
      ).id;
      await deal(admin, {
        title: `Win ${i}`,
        contactId,
        stageId: stage.Won,
        amount: i * 100,
        wonDate: '2001-03-10',
      });
    }

    const revenue = await report<{ partners: { name: string; amount: number }[]; otherPartners: unknown }>(
      admin,
      `revenue-by-partner?${period}`,
    );
    expect(revenue.partners).toHaveLength(20);
    expect(revenue.partners[0]).toMatchObject({ name: 'Partner 22', amount: 2_200 });
    expect(revenue.partners[19]).toMatchObject({ name: 'Partner 03', amount: 300 });
    expect(revenue.otherPartners).toEqual({ partners: 2, count: 2, amount: 300 });

    const commission = await report<{ rows: { name: string }[]; otherPartners: unknown; total: number }>(
      admin,
      `commission?${period}`,
    );
    expect(commission.rows).toHaveLength(20);
    expect(commission.rows.map((row) => row.name)).not.toContain('Partner 01');
    expect(commission.otherPartners).toEqual({ partners: 2, amountWon: 300, commission: 30 });
    expect(commission.total).toBe(2_530);

    const csv = await api(t, 'GET', `/api/deal-reports/commission.csv?${period}`, admin);
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n'),
    ).toHaveLength(1 + 22);
    // The download is in the audit log as an export, with its rows.
    const audit = await api(t, 'GET', '/api/audit?action=export', admin);
    expect(audit.json<{ detail: unknown }[]>()[0]?.detail).toEqual({
      list: 'deal-commission',
      format: 'csv',
      rows: 22,
    });
  });
});
