import type { RouteObject } from 'react-router';
import { ensureMessages } from './index';
import { isCoreMessagesRoute } from './sections';

type LazyFunction = Extract<NonNullable<RouteObject['lazy']>, (...args: never[]) => unknown>;

/** Awaits `load` and the rest of the messages together, so the page never renders raw keys. */
function withRest<T>(load: () => Promise<T>, messages: () => Promise<void>): () => Promise<T> {
  return async () => (await Promise.all([load(), messages()]))[0];
}

function wrapLazy(
  lazy: NonNullable<RouteObject['lazy']>,
  messages: () => Promise<void>,
): RouteObject['lazy'] {
  if (typeof lazy === 'function') return withRest(lazy as LazyFunction, messages) as RouteObject['lazy'];
  // Lazy per property (`lazy: { Component: () => import(...) }`): hold back each one.
  return Object.fromEntries(
    Object.entries(lazy).map(([key, load]) => [
      key,
      typeof load === 'function' ? withRest(load as () => Promise<unknown>, messages) : load,
    ]),
  ) as RouteObject['lazy'];
}

/**
 * The route tree with every lazy route, except those whose `handle` is `CORE_MESSAGES_ROUTE`
 * (./sections.ts), also waiting for all the messages of the current language. Core routes (the
 * landing page) render with the core messages bundled in the entry. Apply it where the router is made.
 */
export function withMessages(
  routes: RouteObject[],
  messages: () => Promise<void> = () => ensureMessages(),
): RouteObject[] {
  return routes.map((route) => {
    const children = route.children ? withMessages(route.children, messages) : undefined;
    const lazy =
      route.lazy && !isCoreMessagesRoute(route.handle) ? wrapLazy(route.lazy, messages) : route.lazy;
    return { ...route, ...(children ? { children } : {}), ...(lazy ? { lazy } : {}) } as RouteObject;
  });
}
