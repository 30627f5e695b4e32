import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { useEffect } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AnnouncerProvider, useAnnounce, type Announce } from './announcer';

let captured: { announce?: Announce } = {};

function Capture() {
  const announce = useAnnounce();
  useEffect(() => {
    captured.announce = announce;
  }, [announce]);
  return null;
}

describe('AnnouncerProvider', () => {
  beforeEach(() => {
    captured = {};
  });

  it('renders both live regions empty, on the server too', () => {
    const html = renderToString(
      <AnnouncerProvider>
        <p>page</p>
      </AnnouncerProvider>,
    );
    expect(html).toContain('aria-live="polite"');
    expect(html).toContain('aria-live="assertive"');
    render(<AnnouncerProvider>{null}</AnnouncerProvider>);
    expect(screen.getByTestId('announcer-polite')).toBeEmptyDOMElement();
    expect(screen.getByTestId('announcer-assertive')).toBeEmptyDOMElement();
  });

  it('puts polite text in the polite region and assertive text in the assertive one, in the same nodes', () => {
    render(
      <AnnouncerProvider>
        <Capture />
      </AnnouncerProvider>,
    );
    const polite = screen.getByTestId('announcer-polite');
    const assertive = screen.getByTestId('announcer-assertive');
    act(() => captured.announce!('Saved'));
    expect(screen.getByTestId('announcer-polite')).toBe(polite);
    expect(polite).toHaveTextContent('Saved');
    expect(assertive).toBeEmptyDOMElement();
    act(() => captured.announce!('It failed', { assertive: true }));
    expect(assertive).toHaveTextContent('It failed');
    expect(polite).toHaveAttribute('aria-live', 'polite');
    expect(assertive).toHaveAttribute('aria-live', 'assertive');
  });

  it('changes the region when the same text is said again', () => {
    render(
      <AnnouncerProvider>
        <Capture />
      </AnnouncerProvider>,
    );
    const polite = screen.getByTestId('announcer-polite');
    act(() => captured.announce!('Saved'));
    const first = polite.textContent;
    act(() => captured.announce!('Saved'));
    expect(polite.textContent).not.toBe(first);
    expect(polite).toHaveTextContent('Saved');
  });

  it('refuses to announce outside the provider', () => {
    expect(() => render(<Capture />)).toThrow(/AnnouncerProvider/);
  });
});
