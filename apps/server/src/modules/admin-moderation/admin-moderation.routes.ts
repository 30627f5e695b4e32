import {
  adminIdParamsSchema,
  adminReportListQuerySchema,
  adminReportListSchema,
  adminReportPatchSchema,
  adminReportSchema,
  adminReviewDetailSchema,
  adminReviewListQuerySchema,
  adminReviewListSchema,
  adminReviewPatchSchema,
  adminReviewSchema,
  adminUserListQuerySchema,
  adminUserListSchema,
  adminUserPatchSchema,
  adminUserSchema,
} from '@nebab/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/request-language.js';
import { currentActor } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import {
  presentAdminReport,
  presentAdminReview,
  presentAdminReviewDetail,
  presentAdminUser,
} from './admin-moderation.presenter.js';

/** Admin People & Moderation: All Users, Moderate Reviews and the Reports queue. Admins only. */
export const adminModerationRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const onRequest = app.requireRole('admin');
  const service = () => app.services.adminModeration;

  // ------------------------------------------------------------ users
  app.get(
    '/api/admin/users',
    {
      onRequest,
      schema: {
        tags: ['admin'],
        summary: 'All Users: search by name or email, newest first (deleted accounts are not listed)',
        security,
        querystring: adminUserListQuerySchema,
        response: { 200: adminUserListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { q, page, pageSize } = request.query;
      const result = await service().listUsers({ q, page, pageSize });
      return { items: result.items.map(presentAdminUser), total: result.total, page, pageSize };
    },
  );

  app.get(
    '/api/admin/users/:id',
    {
      onRequest,
      schema: {
        tags: ['admin'],
        summary: "A user's detail card",
        security,
        params: adminIdParamsSchema,
        response: { 200: adminUserSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => presentAdminUser(await service().getUser(request.params.id)),
  );

  app.patch(
    '/api/admin/users/:id',
    {
      onRequest,
      schema: {
        tags: ['admin'],
        summary:
          'Edit (name, role), Suspend or Activate (status); suspending ends the sessions. Not on yourself (409)',
        security,
        params: adminIdParamsSchema,
        body: adminUserPatchSchema,
        response: { 200: adminUserSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      presentAdminUser(await service().updateUser(currentActor(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/admin/users/:id',
    {
      onRequest,
      schema: {
        tags: ['admin'],
        summary: 'Delete an account (anonymised; its reviews stay as "Deleted reader"). Not yourself (409)',
        security,
        params: adminIdParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await service().deleteUser(currentActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ------------------------------------------------------------ reviews
  app.get(
    '/api/admin/reviews',
    {
      onRequest,
      schema: {
        tags: ['admin'],
        summary: 'Moderate Reviews: every review (or one status), most recently updated first',
        security,
        querystring: adminReviewListQuerySchema,
        response: { 200: adminReviewListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { status, page, pageSize } = request.query;
      const result = await service().listReviews({ status, page, pageSize });
      const language = requestLanguage(request);
      return {
        items: result.items.map((row) => presentAdminReview(row, language)),
        total: result.total,
        page,
        pageSize,
      };
    },
  );

  app.get(
    '/api/admin/reviews/:id',
    {
      onRequest,
      schema: {
        tags: ['admin'],
        summary: 'View Details: the review, its reports and its book',
        security,
        params: adminIdParamsSchema,
        response: { 200: adminReviewDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { row, reports } = await service().getReview(request.params.id);
      return presentAdminReviewDetail(row, reports, requestLanguage(request));
    },
  );

  app.patch(
    '/api/admin/reviews/:id',
    {
      onRequest,
      schema: {
        tags: ['admin'],
        summary: 'Approve or Reject a review (409 once deleted)',
        security,
        params: adminIdParamsSchema,
        body: adminReviewPatchSchema,
        response: { 200: adminReviewSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      presentAdminReview(
        await service().moderateReview(request.params.id, request.body),
        requestLanguage(request),
      ),
  );

  app.delete(
    '/api/admin/reviews/:id',
    {
      onRequest,
      schema: {
        tags: ['admin'],
        summary: 'Delete a review (its status becomes deleted; it stays listed)',
        security,
        params: adminIdParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service().deleteReview(request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ------------------------------------------------------------ reports
  app.get(
    '/api/admin/reports',
    {
      onRequest,
      schema: {
        tags: ['admin'],
        summary: 'Reports: book and review reports in one queue, newest first',
        security,
        querystring: adminReportListQuerySchema,
        response: { 200: adminReportListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { status, kind, page, pageSize } = request.query;
      const result = await service().listReports({ status, kind, page, pageSize });
      const language = requestLanguage(request);
      return {
        items: result.items.map((row) => presentAdminReport(row, language)),
        total: result.total,
        page,
        pageSize,
      };
    },
  );

  app.patch(
    '/api/admin/reports/:id',
    {
      onRequest,
      schema: {
        tags: ['admin'],
        summary: 'Resolve, dismiss or reopen a book or review report',
        security,
        params: adminIdParamsSchema,
        body: adminReportPatchSchema,
        response: { 200: adminReportSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      presentAdminReport(
        await service().updateReport(request.params.id, request.body),
        requestLanguage(request),
      ),
  );
};
