import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/http-errors.js';
import { servedType } from './file-storage.js';
import { fileForLink } from './files.service.js';

const STORED_NAME = /^[a-f0-9]{32}(\.[a-z0-9]{1,10})?$/;

/**
 * Opens an uploaded file from a signed link (uploads/contacts/{filename} and uploads/{filename}).
 * Files are never rendered as active content: inert types inline, everything else as a download,
 * with nosniff and a sandboxing CSP either way.
 */
/**
 * The name a download is saved under: the file's name, with the uploaded file's extension added when
 * a custom name left it out ("Title deed" of x.pdf downloads as "Title deed.pdf"), so the saved file
 * still opens with the right program. The name shown in the app stays as typed.
 */
export function downloadName(name: string, storedName: string): string {
  const extension = /\.[a-z0-9]{1,10}$/.exec(storedName)?.[0];
  if (!extension || name.toLowerCase().endsWith(extension)) return name;
  return `${name}${extension}`;
}

export const downloadRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const handler = async (
    filename: string,
    access: string | undefined,
    reply: import('fastify').FastifyReply,
  ) => {
    if (!STORED_NAME.test(filename)) throw notFound('File not found');
    const file = await fileForLink(ctx, filename, access);
    // Served through the app, not as a presigned store URL: the headers below and the checks above
    // hold for every download, and the store need not be reachable from browsers.
    const stored = await ctx.files.get(filename);
    if (!stored) throw notFound('File not found');
    const { contentType, inline } = servedType(filename);
    const disposition = `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(downloadName(file.name, filename))}`;
    return reply
      .header('content-type', contentType)
      .header('content-disposition', disposition)
      .header('x-content-type-options', 'nosniff')
      .header(
        'content-security-policy',
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; sandbox",
      )
      .header('cache-control', 'private, no-store')
      .header('content-length', stored.size)
      .send(stored.body);
  };
  const schema = {
    hide: true,
    params: z.object({ filename: z.string() }),
    querystring: z.object({ access: z.string().optional() }),
  };
  app.get('/uploads/contacts/:filename', { schema }, (request, reply) =>
    handler(request.params.filename, request.query.access, reply),
  );
  app.get('/uploads/:filename', { schema }, (request, reply) =>
    handler(request.params.filename, request.query.access, reply),
  );
};
