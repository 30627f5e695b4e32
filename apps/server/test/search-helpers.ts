import type { SearchResponse } from '@nebab/shared';
import type { TestServer } from './helpers.js';

/** A typeahead answer as the API gives it. */
export type Suggestion = { id: string; title: string; author: string | null };

/** Search and typeahead over HTTP, as the search tests ask them (`server` read at each call). */
export function searchRequests(server: () => TestServer) {
  return {
    search: async (q: string, extra = '') =>
      (await server().request<SearchResponse>(`/api/search?q=${encodeURIComponent(q)}${extra}`)).body,
    titles: (body: SearchResponse) => body.items.map((item) => item.volumeInfo.title),
    suggest: async (q: string) =>
      (await server().request<{ items: Suggestion[] }>(`/api/search/suggest?q=${encodeURIComponent(q)}`)).body
        .items,
  };
}
