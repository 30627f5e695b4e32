import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { replayEarlyInput } from '../lib/hydration';

function Form() {
  const [query, setQuery] = useState('');
  const [shelf, setShelf] = useState('all');
  const [spoilers, setSpoilers] = useState(false);
  const [emails, setEmails] = useState(true);
  const [calendar, setCalendar] = useState('gregorian');
  return (
    <form>
      <input aria-label="Query" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
      <select aria-label="Shelf" value={shelf} onChange={(e) => setShelf(e.target.value)}>
        <option value="all">All</option>
        <option value="read">Read</option>
      </select>
      {/* Toggled from the state, as most of ours are: an event replayed wrongly would toggle it twice. */}
      <input
        aria-label="Spoilers"
        type="checkbox"
        checked={spoilers}
        onChange={() => setSpoilers((v) => !v)}
      />
      <input aria-label="Emails" type="checkbox" checked={emails} onChange={() => setEmails((v) => !v)} />
      {['gregorian', 'ethiopic'].map((option) => (
        <input
          key={option}
          aria-label={option}
          type="radio"
          name="calendar"
          value={option}
          checked={calendar === option}
          onChange={() => setCalendar(option)}
        />
      ))}
      <output>{`${query}|${shelf}|${spoilers}|${emails}|${calendar}`}</output>
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
    expect(container.querySelector('output')!.textContent).toBe('|all|false|true|gregorian');
    await act(async () => replayEarlyInput());
    expect(container.querySelector('output')!.textContent).toBe('fikir|read|false|true|gregorian');
    expect(container.querySelector('input')!.value).toBe('fikir');
  });

  it('tells React of a box ticked, a box unticked and a radio chosen before hydration', async () => {
    const container = await hydrateAfterEarlyInput((form) => {
      const box = (name: string) => form.querySelector<HTMLInputElement>(`[aria-label="${name}"]`)!;
      box('Spoilers').checked = true;
      box('Emails').checked = false;
      box('ethiopic').checked = true;
      return [box('Spoilers'), box('Emails'), box('ethiopic')];
    });
    expect(container.querySelector('output')!.textContent).toBe('|all|false|true|gregorian');
    await act(async () => replayEarlyInput());
    expect(container.querySelector('output')!.textContent).toBe('|all|true|false|ethiopic');
    const checked = [
      ...container.querySelectorAll<HTMLInputElement>('input[type=checkbox], input[type=radio]'),
    ];
    expect(checked.map((input) => input.checked)).toEqual([true, false, false, true]);
  });

  it('leaves a box ticked and unticked again, or a radio chosen and chosen back, as it was', async () => {
    const container = await hydrateAfterEarlyInput((form) => {
      const box = (name: string) => form.querySelector<HTMLInputElement>(`[aria-label="${name}"]`)!;
      box('Spoilers').checked = true;
      box('Spoilers').checked = false;
      box('ethiopic').checked = true;
      box('gregorian').checked = true;
      return [box('Spoilers'), box('Spoilers'), box('ethiopic'), box('gregorian')];
    });
    await act(async () => replayEarlyInput());
    expect(container.querySelector('output')!.textContent).toBe('|all|false|true|gregorian');
  });

  it('leaves fields the reader did not touch as they are', async () => {
    const container = await hydrateAfterEarlyInput(() => []);
    await act(async () => replayEarlyInput());
    expect(container.querySelector('output')!.textContent).toBe('|all|false|true|gregorian');
  });
});
