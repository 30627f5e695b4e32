import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../routes';
import { CORE_MESSAGES_ROUTE } from './sections';
import { withMessages } from './withMessages';

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Whether `promise` has settled after pending work has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

function Page() {
  return null;
}

describe('withMessages', () => {
  it('holds back lazy routes, nested ones too, until the messages are in', async () => {
    const messages = deferred();
    const [root] = withMessages(
      [{ path: '/', children: [{ path: 'a', lazy: async () => ({ Component: Page }) }] }],
      () => messages.promise,
    );
    const lazy = root?.children?.[0]?.lazy;
    if (typeof lazy !== 'function') throw new Error('expected a lazy function');
    const loading = lazy();
    expect(await settled(loading)).toBe(false);
    messages.resolve();
    expect(await loading).toEqual({ Component: Page });
  });

  it('holds back each loader of a lazy object', async () => {
    const messages = deferred();
    const [route] = withMessages(
      [{ path: 'b', lazy: { Component: async () => Page } } as RouteObject],
      () => messages.promise,
    );
    const load = (route?.lazy as { Component: () => Promise<unknown> }).Component;
    const loading = load();
    expect(await settled(loading)).toBe(false);
    messages.resolve();
    expect(await loading).toBe(Page);
  });

  it('lets core routes and routes without lazy through unchanged', async () => {
    const never = new Promise<void>(() => {});
    const coreLazy = async () => ({ Component: Page });
    const [core, plain] = withMessages(
      [
        { index: true, handle: CORE_MESSAGES_ROUTE, lazy: coreLazy },
        { path: 'c', Component: Page },
      ],
      () => never,
    );
    expect(core?.lazy).toBe(coreLazy);
    expect(plain).toEqual({ path: 'c', Component: Page });
  });

  it('keeps the shape of the app route table', () => {
    const strip = (tree: RouteObject[]): unknown[] =>
      tree.map((route) => ({
        path: route.path,
        index: route.index,
        lazy: typeof route.lazy,
        children: route.children ? strip(route.children) : undefined,
      }));
    expect(strip(withMessages(routes))).toEqual(strip(routes));
  });
});
