import type { FastifyRequest } from 'fastify';
import { languageFromHeader, type Language } from '@nebab/shared';

/** The interface language a request asks for (`Accept-Language: am` → Amharic, else English). */
export function requestLanguage(request: FastifyRequest): Language {
  return languageFromHeader(request.headers['accept-language']);
}
