import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  searchQuerySchema,
  searchResponseSchema,
  suggestQuerySchema,
  suggestResponseSchema,
} from '@nebab/shared';
import { errorResponses } from '../../plugins/openapi.js';
import { presentSearchItem, presentSuggestion } from '../books/books.presenter.js';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/search',
    {
      schema: {
        tags: ['search'],
        summary:
          'Search the catalogue: words (typo-, spelling- and script-tolerant: Ge’ez homophones, Latin-typed Amharic), ISBNs, the filters of spec §5, sorts, pages',
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const result = await app.services.search.search(request.query);
      return {
        items: result.items.map(presentSearchItem),
        totalItems: result.totalItems,
        rawTotal: result.rawTotal,
        correction: result.correction,
        match: result.match,
        closest: result.closest.map(presentSearchItem),
      };
    },
  );

  app.get(
    '/api/search/suggest',
    {
      schema: {
        tags: ['search'],
        summary:
          'Typeahead: at most 8 books — the typed ISBN’s, titles starting with the text, then its words (typos forgiven) and Latin keys in titles and authors',
        querystring: suggestQuerySchema,
        response: { 200: suggestResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => ({
      items: (await app.services.search.suggest(request.query.q)).map(presentSuggestion),
    }),
  );
};
