import type { QueryClient } from '@tanstack/react-query';
import { statsKeys } from '../stats/keys';
import { recommendationsKeys } from './keys';

/**
 * After a reader changes what they read or how they rated it: the dashboard tiles and the
 * recommendations (which exclude listed/reviewed books and learn from them) are stale.
 */
export function invalidateReaderTaste(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: statsKeys.me() });
  void client.invalidateQueries({ queryKey: recommendationsKeys.all() });
}
