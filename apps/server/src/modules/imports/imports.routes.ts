import multipart from '@fastify/multipart';
import {
  IMPORT_LIMITS,
  importCreatedSchema,
  importFieldsSchema,
  importParamsSchema,
  importRowCorrectionSchema,
  importRowParamsSchema,
  importRowsQuerySchema,
  importRowsResponseSchema,
  importSchema,
  importsResponseSchema,
} from '@nebab/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, DetailedValidationError, ValidationError } from '../../lib/errors.js';
import { requestLanguage } from '../../lib/request-language.js';
import { currentActor } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import { presentImport, presentReportRow } from './imports.presenter.js';

const security = [{ bearer: [] }];
const tags = ['imports'];
/** Multipart headers and the two small text fields beside the file. */
const FIELDS_ALLOWANCE = 64 * 1024;

/** Imports of a reader's Goodreads or StoryGraph library (Settings › Import and export). */
export const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  await app.register(multipart, {
    limits: {
      fileSize: IMPORT_LIMITS.maxBytes,
      files: 1,
      fields: 4,
      fieldSize: 100,
      parts: 5,
      headerPairs: 50,
    },
  });

  app.post(
    '/api/imports',
    {
      onRequest: app.authenticate,
      bodyLimit: IMPORT_LIMITS.maxBytes + FIELDS_ALLOWANCE,
      schema: {
        tags,
        summary:
          'Import a Goodreads or StoryGraph export (multipart: `file`, optional `source` goodreads|storygraph, optional `publicReviews` true|false); runs in the background',
        security,
        consumes: ['multipart/form-data'],
        response: { 202: importCreatedSchema, ...errorResponses(400, 401, 403, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const actor = currentActor(request);
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      let file: Buffer | null = null;
      let fileName: string | null = null;
      const fields: Record<string, string> = {};
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          if (part.fieldname === 'file') {
            file = bytes;
            fileName = part.filename || null;
          }
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
      const parsedFields = importFieldsSchema.safeParse({
        source: fields.source || undefined,
        publicReviews: fields.publicReviews || undefined,
      });
      if (!parsedFields.success) {
        const issue = parsedFields.error.issues[0];
        throw new ValidationError({
          [String(issue?.path[0] ?? 'source')]: issue?.message ?? 'validation.invalid',
        });
      }
      if (!file || file.length === 0) throw new DetailedValidationError('file', 'imports.fileMissing');
      const created = await services.imports.create(actor, {
        file,
        fileName,
        source: parsedFields.data.source,
        publicReviews: parsedFields.data.publicReviews,
      });
      return reply.code(202).send({ id: created.id });
    },
  );

  app.get(
    '/api/imports',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The reader's imports, newest first, with their reports",
        security,
        response: { 200: importsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const language = requestLanguage(request);
      const views = await services.imports.list(currentActor(request));
      return { items: views.map((view) => presentImport(view, language)) };
    },
  );

  app.get(
    '/api/imports/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'One import: status, counts and the rows skipped with their reasons',
        security,
        params: importParamsSchema,
        response: { 200: importSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      presentImport(
        await services.imports.get(currentActor(request), request.params.id),
        requestLanguage(request),
      ),
  );

  app.get(
    '/api/imports/:id/rows',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          'The report, row by row: each row of the file with its book and why (or the reason it was skipped)',
        security,
        params: importParamsSchema,
        querystring: importRowsQuerySchema,
        response: { 200: importRowsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const found = await services.imports.rows(currentActor(request), request.params.id, page, pageSize);
      const language = requestLanguage(request);
      return {
        items: found.items.map((row) => presentReportRow(row, language)),
        total: found.total,
        page,
        pageSize,
      };
    },
  );

  app.put(
    '/api/imports/:id/rows/:row',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Corrects a row's book: another book, or none (what the row did is undone)",
        security,
        params: importRowParamsSchema,
        body: importRowCorrectionSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await services.imports.correct(
        currentActor(request),
        request.params.id,
        request.params.row,
        request.body.bookId,
      );
      return reply.code(204).send(null);
    },
  );
};
