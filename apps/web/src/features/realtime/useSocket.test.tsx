import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@nebab/shared';
import { mockFetch } from '../../test/fetchMock';
import { renderWithProviders } from '../../test/render';
import { useAuth } from '../auth/authContext';
import { useSocketEvents } from './useSocket';
import { testReader } from '../../test/fixtures';

const fake = vi.hoisted(() => {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const socket = {
    on: vi.fn((name: string, listener: (...args: unknown[]) => void) => {
      if (!listeners.has(name)) listeners.set(name, new Set());
      listeners.get(name)!.add(listener);
    }),
    off: vi.fn((name: string, listener: (...args: unknown[]) => void) =>
      listeners.get(name)?.delete(listener),
    ),
    disconnect: vi.fn(),
  };
  return { socket, listeners, io: vi.fn(() => socket) };
});
vi.mock('socket.io-client', () => ({ io: fake.io }));

const reader: User = testReader();

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  fake.listeners.clear();
  vi.clearAllMocks();
});

function Listener({ onCount }: { onCount: (count: number) => void }) {
  const { status } = useAuth();
  useSocketEvents({ 'notification:new': ({ unreadCount }) => onCount(unreadCount) });
  return <p>{status}</p>;
}

describe('useSocketEvents', () => {
  it('shares one connection per session, delivers events to every listener, and closes with the last', async () => {
    window.localStorage.setItem('NR_token', 'tok');
    mockFetch({ 'GET /api/auth/me': { body: { user: reader } }, 'GET /api/preferences': { status: 404 } });
    const first = vi.fn();
    const second = vi.fn();
    const view = renderWithProviders(
      <>
        <Listener onCount={first} />
        <Listener onCount={second} />
      </>,
    );
    await screen.findAllByText('signedIn');
    expect(fake.io).toHaveBeenCalledTimes(1);
    // WebSocket only: long-polling fails behind a load balancer without sticky sessions.
    expect(fake.io).toHaveBeenCalledWith(expect.objectContaining({ transports: ['websocket'] }));
    for (const listener of fake.listeners.get('notification:new') ?? []) listener({ unreadCount: 4 });
    expect(first).toHaveBeenCalledWith(4);
    expect(second).toHaveBeenCalledWith(4);

    view.unmount();
    expect(fake.socket.disconnect).toHaveBeenCalledTimes(1);
    expect(fake.listeners.get('notification:new')?.size ?? 0).toBe(0);
  });

  it('opens nothing for visitors', async () => {
    mockFetch({});
    renderWithProviders(<Listener onCount={vi.fn()} />);
    await screen.findByText('signedOut');
    expect(fake.io).not.toHaveBeenCalled();
  });
});
