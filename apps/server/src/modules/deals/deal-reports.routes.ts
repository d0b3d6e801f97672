import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { caller } from '../../lib/caller.js';
import { errors } from '../../lib/schemas.js';
import { recordActorAudit } from '../audit/audit.service.js';
import { CONTENT_TYPES, csvWriter } from '../exports/export-writers.js';
import * as reports from './deal-reports.service.js';

const money = z.number();
const period = { from: z.string(), to: z.string() };
const csvResponse = z.string();

const pipelineResponse = z.object({
  currency: z.string(),
  stages: z.array(
    z.object({
      stageId: z.number(),
      name: z.string(),
      probability: z.number(),
      count: z.number(),
      amount: money,
      weightedAmount: money,
    }),
  ),
});
const forecastResponse = z.object({
  currency: z.string(),
  months: z.array(z.object({ month: z.string(), weightedAmount: money })),
});
const wonVsForecastResponse = z.object({
  currency: z.string(),
  months: z.array(z.object({ month: z.string(), won: money, forecast: money })),
});
const winRateResponse = z.object({
  ...period,
  won: z.number(),
  lost: z.number(),
  winRate: z.number().nullable(),
  medianDaysToWin: z.number().nullable(),
});
const lossReasonsResponse = z.object({
  currency: z.string(),
  reasons: z.array(
    z.object({ lostReasonId: z.number().nullable(), name: z.string(), count: z.number(), amount: money }),
  ),
});
const byPartnerResponse = z.object({
  ...period,
  currency: z.string(),
  partners: z.array(
    z.object({ agencyId: z.number().nullable(), name: z.string(), count: z.number(), amount: money }),
  ),
  /** The partners past the top 20, as one line. */
  otherPartners: z.object({ partners: z.number(), count: z.number(), amount: money }).nullable(),
});
const byOwnerResponse = z.object({
  ...period,
  currency: z.string(),
  owners: z.array(z.object({ ownerId: z.number(), name: z.string(), count: z.number(), amount: money })),
});
const commissionResponse = z.object({
  ...period,
  currency: z.string(),
  rows: z.array(
    z.object({
      agencyId: z.number(),
      name: z.string(),
      month: z.string(),
      count: z.number(),
      amountWon: money,
      commissionRate: z.number(),
      commission: money,
    }),
  ),
  /** The partners past the 20 owed the most, as one line (the CSV has every row). */
  otherPartners: z.object({ partners: z.number(), amountWon: money, commission: money }).nullable(),
  total: money,
});

type Commission = Awaited<ReturnType<typeof reports.commissionReport>>;

/** The commission owed as a CSV for payment, through the exports' writer (formula cells neutralised). */
async function sendCommissionCsv(reply: FastifyReply, report: Commission) {
  const writer = csvWriter(reports.COMMISSION_CSV_HEADERS);
  const done = (async () => {
    await writer.writePage(
      report.rows.map((row) => [
        row.agencyId,
        row.name,
        row.month,
        row.count,
        row.amountWon,
        row.commissionRate,
        row.commission,
        report.currency,
      ]),
    );
    await writer.finish();
  })();
  done.catch(() => writer.output.destroy());
  return reply
    .header('content-type', CONTENT_TYPES.csv)
    .header('content-disposition', `attachment; filename="commission-${report.from}-to-${report.to}.csv"`)
    .header('cache-control', 'no-store')
    .send(writer.output);
}

/**
 * Reports of the deals the caller may see (admins: all; plain users: their own, as on the board),
 * in major units. Filters: ownerId, agencyId; from and to (inclusive days) for the period reports.
 */
export const dealReportsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['deal reports'];
  /** Every row, for payment: not the screen's top partners, and not reused. */
  const allCommission = (request: FastifyRequest<{ Querystring: reports.DealReportQuery }>) =>
    reports.commissionReport(ctx, caller(request), request.query, { top: false });
  const querystring = reports.dealReportQuerySchema;

  app.get(
    '/deal-reports/pipeline',
    {
      schema: {
        tags,
        summary: 'Open deals per open stage, in board order: count, amount, amount × probability',
        querystring,
        response: { 200: pipelineResponse, ...errors },
      },
    },
    async (request) => reports.sharedReports.pipeline(ctx, caller(request), request.query),
  );

  app.get(
    '/deal-reports/forecast',
    {
      schema: {
        tags,
        summary: 'Weighted amount of open deals by expected close month: this month and the next 5',
        querystring,
        response: { 200: forecastResponse, ...errors },
      },
    },
    async (request) => reports.sharedReports.forecast(ctx, caller(request), request.query),
  );

  app.get(
    '/deal-reports/won-vs-forecast',
    {
      schema: {
        tags,
        summary:
          'The 5 months before this one and this month: amount won (by won date) and the forecast (deals expected to close in the month, weighted)',
        querystring,
        response: { 200: wonVsForecastResponse, ...errors },
      },
    },
    async (request) => reports.sharedReports.wonVsForecast(ctx, caller(request), request.query),
  );

  app.get(
    '/deal-reports/win-rate',
    {
      schema: {
        tags,
        summary:
          'Of the deals created in the period (default: this month and the 11 before), won ÷ (won + lost) and the median days from creation to win',
        querystring,
        response: { 200: winRateResponse, ...errors },
      },
    },
    async (request) => reports.sharedReports.winRate(ctx, caller(request), request.query),
  );

  app.get(
    '/deal-reports/loss-reasons',
    {
      schema: {
        tags,
        summary: 'Lost deals per lost reason: count and amount',
        querystring,
        response: { 200: lossReasonsResponse, ...errors },
      },
    },
    async (request) => reports.sharedReports.lossReasons(ctx, caller(request), request.query),
  );

  app.get(
    '/deal-reports/revenue-by-partner',
    {
      schema: {
        tags,
        summary: 'Amount won in the period (by won date) per referring partner',
        querystring,
        response: { 200: byPartnerResponse, ...errors },
      },
    },
    async (request) => reports.sharedReports.revenueByPartner(ctx, caller(request), request.query),
  );

  app.get(
    '/deal-reports/revenue-by-owner',
    {
      schema: {
        tags,
        summary: 'Amount won in the period (by won date) per owner',
        querystring,
        response: { 200: byOwnerResponse, ...errors },
      },
    },
    async (request) => reports.sharedReports.revenueByOwner(ctx, caller(request), request.query),
  );

  app.get(
    '/deal-reports/commission',
    {
      schema: {
        tags,
        summary:
          'Commission owed per partner and month: amount won on its referred deals × its Commission Rate; format=csv for payment',
        querystring: reports.commissionQuerySchema,
        response: { 200: commissionResponse.or(csvResponse), ...errors },
      },
    },
    async (request, reply) => {
      if (request.query.format === 'csv') return sendCommissionCsv(reply, await allCommission(request));
      return reports.sharedReports.commission(ctx, caller(request), request.query);
    },
  );

  app.get(
    '/deal-reports/commission.csv',
    {
      schema: {
        tags,
        summary: 'The commission report as CSV, for payment',
        querystring,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const report = await allCommission(request);
      // A download of the partners' commission is an export like any list's (the audit log).
      await recordActorAudit(ctx.db, caller(request), 'export', {
        detail: { list: 'deal-commission', format: 'csv', rows: report.rows.length },
      });
      return sendCommissionCsv(reply, report);
    },
  );
};
