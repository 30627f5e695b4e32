import { genreCommunityQuerySchema, genreGroupsPageSchema } from '@nebab/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, OPTIONAL_BEARER } from '../../plugins/openapi.js';
import { presentClub } from './clubs.presenter.js';

/** `GET /api/genres/:slug/groups`: a genre's discussion groups are its public clubs. */
export const genreGroupsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/genres/:slug/groups',
    {
      schema: {
        security: OPTIONAL_BEARER,
        tags: ['genres', 'clubs'],
        summary: "A genre's discussion groups: its public clubs, most members first",
        params: z.object({ slug: z.string().max(60) }),
        querystring: genreCommunityQuerySchema,
        response: { 200: genreGroupsPageSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const { views, total } = await app.services.clubs.genreGroups(
        await app.optionalActor(request),
        request.params.slug,
        request.query,
      );
      return {
        items: views.map(presentClub),
        total,
        page: request.query.page,
        pageSize: request.query.pageSize,
      };
    },
  );
};
