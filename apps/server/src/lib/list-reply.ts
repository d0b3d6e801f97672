import { NEXT_CURSOR_HEADER, TOTAL_CAPPED_HEADER, TOTAL_COUNT_HEADER } from '@crm/domain';
import type { FastifyReply } from 'fastify';

/** A list page as the routes answer it: rows in the body, the total and the next cursor in headers. */
export interface ListPageReply<R> {
  rows: R[];
  total: number;
  capped?: boolean;
  nextCursor?: string | undefined;
}

export function replyWithPage<R>(reply: FastifyReply, page: ListPageReply<R>): R[] {
  reply.header(TOTAL_COUNT_HEADER, String(page.total));
  if (page.capped) reply.header(TOTAL_CAPPED_HEADER, 'true');
  if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
  return page.rows;
}
