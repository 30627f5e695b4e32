import multipart from '@fastify/multipart';
import { adminBookPatchSchema, bookDetailSchema, GENRE_SLUGS, LIMITS } from '@nebab/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ValidationError } from '../../lib/errors.js';
import { imageType, isPdf } from '../../lib/file-type.js';
import { errorResponses } from '../../plugins/openapi.js';
import { presentBookDetail } from './books.presenter.js';
import type { LocalBookInput } from './books.service.js';

const MAX_COVER_BYTES = 5 * 1024 * 1024;
const MAX_FILE_BYTES = 50 * 1024 * 1024;
const security = [{ bearer: [] }];

/** The text fields of the upload form. */
const uploadFieldsSchema = z.object({
  title: z.string().trim().min(1).max(300),
  author: z.string().trim().min(1).max(200),
  publisher: z.string().trim().max(200).optional(),
  language: z.string().trim().min(2).max(10).default('am'),
  publicationYear: z.coerce.number().int().min(-3000).max(3000).optional(),
  genre: z.enum(GENRE_SLUGS).optional(),
  description: z.string().max(LIMITS.descriptionMax).optional(),
  pageCount: z.coerce.number().int().min(1).max(100_000).optional(),
});

export const booksAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: {
      fileSize: MAX_FILE_BYTES,
      files: 2,
      fields: 20,
      fieldSize: LIMITS.descriptionMax * 4,
      parts: 24,
    },
  });

  app.patch(
    '/api/admin/books/:id',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: "Edit a book's description (sanitised HTML), preview link and viewability",
        security,
        params: z.object({ id: z.string().min(1).max(100) }),
        body: adminBookPatchSchema,
        response: { 200: bookDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      presentBookDetail(await app.services.books.adminPatch(request.params.id, request.body)),
  );

  app.post(
    '/api/admin/books',
    {
      onRequest: app.requireRole('admin'),
      bodyLimit: MAX_FILE_BYTES + MAX_COVER_BYTES + 1024 * 1024,
      schema: {
        tags: ['admin'],
        summary: 'Add a book with its PDF (multipart: fields + coverImage + bookFile)',
        security,
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ id: z.string() }), ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const fields: Record<string, string> = {};
      let cover: Buffer | null = null;
      let file: Buffer | null = null;
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname === 'coverImage') cover = await part.toBuffer();
          else if (part.fieldname === 'bookFile') file = await part.toBuffer();
          else await part.toBuffer();
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
      const blankless = Object.fromEntries(Object.entries(fields).filter(([, value]) => value.trim() !== ''));
      const parsed = uploadFieldsSchema.safeParse(blankless);
      const problems: Record<string, string> = {};
      if (!parsed.success) {
        for (const issue of parsed.error.issues) problems[String(issue.path[0])] ??= 'validation.invalid';
      }
      if (!file) problems.bookFile ??= 'validation.invalid';
      if (Object.keys(problems).length > 0 || !parsed.success || !file) throw new ValidationError(problems);
      if (file.length > MAX_FILE_BYTES || (cover && cover.length > MAX_COVER_BYTES))
        throw new AppError('TOO_LARGE');
      if (!isPdf(file)) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      let coverInput: LocalBookInput['cover'] = null;
      if (cover && cover.length > 0) {
        const extension = imageType(cover);
        if (!extension) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
        coverInput = { data: cover, extension };
      }
      const values = parsed.data;
      const created = await app.services.books.createLocalBook({
        title: values.title,
        author: values.author,
        publisher: values.publisher ?? null,
        language: values.language,
        publicationYear: values.publicationYear ?? null,
        genre: values.genre ?? null,
        description: values.description ?? null,
        pageCount: values.pageCount ?? null,
        cover: coverInput,
        file,
      });
      return reply.code(201).send(created);
    },
  );
};
