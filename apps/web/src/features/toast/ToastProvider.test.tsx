import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { AnnouncerProvider } from '../../components/announcer';
import { ToastProvider } from './ToastProvider';
import { useToast, type ToastApi } from './toastContext';

const captured: { api?: ToastApi } = {};

function Capture() {
  const api = useToast();
  useEffect(() => {
    captured.api = api;
  }, [api]);
  return null;
}

function renderToasts() {
  render(
    <AnnouncerProvider>
      <ToastProvider>
        <Capture />
      </ToastProvider>
    </AnnouncerProvider>,
  );
  return captured;
}

describe('ToastProvider', () => {
  it('shows a toast and says it through the polite region that was already there', () => {
    const captured = renderToasts();
    const polite = screen.getByTestId('announcer-polite');
    expect(polite).toBeEmptyDOMElement();
    act(() => captured.api!.show({ kind: 'success', message: 'Added to your list' }));
    expect(screen.getByTestId('toast')).toHaveTextContent('Added to your list');
    expect(screen.getByTestId('toast')).not.toHaveAttribute('role');
    expect(screen.getByTestId('announcer-polite')).toBe(polite);
    expect(polite).toHaveTextContent('Added to your list');
    expect(screen.getByTestId('announcer-assertive')).toBeEmptyDOMElement();
  });

  it('says an error through the assertive region', () => {
    const captured = renderToasts();
    act(() => captured.api!.show({ kind: 'error', message: 'Could not save' }));
    expect(screen.getByTestId('announcer-assertive')).toHaveTextContent('Could not save');
    expect(screen.getByTestId('announcer-polite')).toBeEmptyDOMElement();
  });
});
