import { createTaskSchema, ID_MAX, TOTAL_COUNT_HEADER, updateTaskSchema } from '@crm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { caller } from '../../lib/caller.js';
import { compiledResponse } from '../../lib/response-serializer.js';
import { errors } from '../../lib/schemas.js';
import { myTasksQuery, summaryQuery, taskResponse, taskSummaryResponse } from './tasks.schemas.js';
import * as tasks from './tasks.service.js';

const taskParams = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int().positive().max(ID_MAX),
});

export const tasksRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['tasks'];

  app.get(
    '/tasks',
    {
      schema: {
        tags,
        summary: "The caller's tasks of one group (overdue, today, upcoming, nodate, done), a page at a time",
        querystring: myTasksQuery,
        response: { 200: compiledResponse(z.array(taskResponse)), ...errors },
      },
    },
    async (request, reply) => {
      const { group, dayStart, limit, offset } = request.query;
      const scope = tasks.myTasksScope(caller(request), dayStart);
      const { tasks: page, total } = await tasks.myTasks(ctx, scope, group, { limit, offset });
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return page;
    },
  );

  app.get(
    '/tasks/summary',
    {
      schema: {
        tags,
        summary: 'How many open tasks the caller has in each group (the sidebar badge, the dashboard)',
        querystring: summaryQuery,
        response: { 200: taskSummaryResponse, ...errors },
      },
    },
    async (request) => tasks.myTaskSummary(ctx, tasks.myTasksScope(caller(request), request.query.dayStart)),
  );

  app.post(
    '/tasks',
    { schema: { tags, body: createTaskSchema, response: { 201: taskResponse, ...errors } } },
    async (request, reply) => {
      return reply.code(201).send(await tasks.createTaskFor(ctx, caller(request), request.body));
    },
  );

  app.get(
    '/tasks/:id',
    { schema: { tags, params: taskParams, response: { 200: taskResponse, ...errors } } },
    async (request) => tasks.taskDetail(ctx, caller(request), request.params.id),
  );

  app.patch(
    '/tasks/:id',
    {
      schema: {
        tags,
        summary: 'Complete or reopen (state), reschedule (dueAt), reassign (assigneeId), or edit a task',
        params: taskParams,
        body: updateTaskSchema,
        response: { 200: taskResponse, ...errors },
      },
    },
    async (request) => tasks.updateTaskFor(ctx, caller(request), request.params.id, request.body),
  );
};
