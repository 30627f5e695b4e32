import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { replayEarlyInput } from './hydration';

function Form() {
  const [query, setQuery] = useState('');
  const [shelf, setShelf] = useState('all');
  return (
    <form>
      <input aria-label="Query" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
      <select aria-label="Shelf" value={shelf} onChange={(e) => setShelf(e.target.value)}>
        <option value="all">All</option>
        <option value="read">Read</option>
      </select>
      <output>{`${query}|${shelf}`}</output>
    </form>
  );
}

/** The server's markup, changed by the reader before React hydrates it. */
async function hydrateAfterEarlyInput(touch: (form: HTMLElement) => EventTarget[]) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Form />);
  document.body.append(container);
  const touched = touch(container);
  window.__nebabEarlyInput = () => touched;
  await act(async () => {
    hydrateRoot(container, <Form />);
  });
  return container;
}

afterEach(() => {
  document.body.innerHTML = '';
  delete window.__nebabEarlyInput;
});

describe('replayEarlyInput', () => {
  it('tells React of text typed and an option chosen before hydration', async () => {
    const container = await hydrateAfterEarlyInput((form) => {
      const input = form.querySelector('input')!;
      const select = form.querySelector('select')!;
      input.value = 'fikir';
      select.value = 'read';
      return [input, select];
    });
    expect(container.querySelector('output')!.textContent).toBe('|all');
    await act(async () => replayEarlyInput());
    expect(container.querySelector('output')!.textContent).toBe('fikir|read');
    expect(container.querySelector('input')!.value).toBe('fikir');
  });

  it('leaves fields the reader did not touch as they are', async () => {
    const container = await hydrateAfterEarlyInput(() => []);
    await act(async () => replayEarlyInput());
    expect(container.querySelector('output')!.textContent).toBe('|all');
  });
});
