/** The `page` search parameter as a page number (1 when missing or invalid). */
export function pageParam(params: URLSearchParams): number {
  const value = Number(params.get('page'));
  return Number.isInteger(value) && value >= 1 && value <= 10_000 ? value : 1;
}

/** `value` when it is one of `options`, else `fallback`. */
export function oneOf<T extends string>(value: string | null, options: readonly T[], fallback: T): T {
  return value !== null && (options as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** The search string after setting (or, with null, removing) `key`, going back to page 1. */
export function withParam(params: URLSearchParams, key: string, value: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === null) next.delete(key);
  else next.set(key, value);
  next.delete('page');
  return next;
}

/** A Pagination `hrefFor` that keeps the other parameters. */
export function pageHref(params: URLSearchParams, target: number): string {
  const next = new URLSearchParams(params);
  if (target > 1) next.set('page', String(target));
  else next.delete('page');
  const text = next.toString();
  return text ? `?${text}` : '?';
}

/** The book page of a book id. */
export function bookHref(id: string): string {
  return `/book/${encodeURIComponent(id)}`;
}

/** Moderate Reviews with the View Details of one review open. */
export function reviewDetailsHref(id: string): string {
  return `/admin/dashboard/reviewmoderation?review=${encodeURIComponent(id)}`;
}
