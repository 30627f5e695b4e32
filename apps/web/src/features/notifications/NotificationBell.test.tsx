import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification, NotificationList, User } from '@nebab/shared';
import { mockFetch } from '../../test/fetchMock';
import { renderApp } from '../../test/render';
import type { SocketHandlers } from '../realtime/useSocket';
import { testPreferences, testReader } from '../../test/fixtures';

// The socket is replaced by a stand-in that keeps the handlers, so a test can push events.
const socket = vi.hoisted(() => ({ handlers: null as SocketHandlers | null }));
vi.mock('../realtime/useSocket', () => ({
  useSocketEvents: (handlers: SocketHandlers) => {
    socket.handlers = handlers;
  },
}));

const reader: User = testReader({ reviewsWritten: 1 });
const admin: User = { ...reader, id: 'a1', role: 'admin', name: 'Admin Person' };
const prefs = testPreferences;

const reply: Notification = {
  id: '5d0c4c9e-3c1c-4a55-9a39-0b1c2d3e4f50',
  kind: 'reviewReply',
  status: 'unread',
  actor: { id: 'u2', name: 'Dawit Mekonnen', profile_picture: null },
  bookId: '42',
  reviewId: '7f3e1d2c-1111-4222-8333-944455566677',
  clubId: null,
  data: { bookTitle: 'Oromay', excerpt: 'So true' },
  createdAt: '2026-11-20T10:00:00.000Z',
};
const report: Notification = {
  ...reply,
  id: '0b0b0b0b-3c1c-4a55-9a39-0b1c2d3e4f51',
  kind: 'reviewReport',
  actor: { id: 'u3', name: 'Careful Reader', profile_picture: null },
  data: { bookTitle: 'Oromay', reason: 'Spoilers', reportId: 'r1' },
};

const list = (items: Notification[]): NotificationList => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
  unreadCount: items.filter((n) => n.status === 'unread').length,
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  socket.handlers = null;
});

describe('the bell', () => {
  it('shows the unread count, follows live pushes, and lists the latest with Mark all read', async () => {
    window.localStorage.setItem('NR_token', 'tok');
    let count = 0;
    let items: Notification[] = [];
    const { calls } = mockFetch({
      'GET /api/auth/me': { body: { user: reader } },
      'GET /api/preferences': { body: prefs },
      'GET /api/notifications/unread-count': () => ({ body: { unreadCount: count } }),
      'GET /api/notifications': () => ({ body: list(items) }),
      'POST /api/notifications/read-all': () => {
        count = 0;
        items = items.map((n) => ({ ...n, status: 'read' }));
        return { body: { unreadCount: 0 } };
      },
    });
    renderApp('/aboutus');
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();

    // A push sets the count at once (no refetch needed).
    count = 1;
    items = [reply];
    await waitFor(() => expect(socket.handlers?.['notification:new']).toBeDefined());
    act(() => socket.handlers!['notification:new']!({ notification: reply, unreadCount: 1 }));
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications, 1 unread'));
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('1');

    await userEvent.click(bell);
    const popover = await screen.findByTestId('notification-popover', {}, { timeout: 5000 });
    const item = await within(popover).findByTestId('notification');
    expect(item).toHaveTextContent('Dawit Mekonnen replied to your review of “Oromay”.');
    expect(within(popover).getByRole('link', { name: 'See all notifications' })).toHaveAttribute(
      'href',
      '/dashboard/notifications',
    );
    await userEvent.click(within(popover).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(item).toHaveAttribute('data-status', 'read'));
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/read-all'))).toBe(true);
    await waitFor(() =>
      expect(screen.getByTestId('notification-bell')).toHaveAccessibleName('Notifications'),
    );
  });

  it('is not shown to visitors', async () => {
    mockFetch({});
    renderApp('/aboutus');
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByTestId('notification-bell')).not.toBeInTheDocument();
  });
});

describe('admin notification screens', () => {
  it('lists, selects and shows details with Mark as Read and View More', async () => {
    window.localStorage.setItem('NR_token', 'tok');
    let current = report;
    mockFetch({
      'GET /api/auth/me': { body: { user: admin } },
      'GET /api/preferences': { body: prefs },
      'GET /api/notifications/unread-count': () => ({
        body: { unreadCount: current.status === 'unread' ? 1 : 0 },
      }),
      'GET /api/notifications': () => ({ body: list([current]) }),
      [`PATCH /api/notifications/${report.id}`]: ({ body }) => {
        current = { ...current, status: (body as { status: 'read' }).status };
        return { body: current };
      },
    });
    const { router } = renderApp('/admin/dashboard/notification');
    const row = await screen.findByTestId('admin-notification-row');
    expect(row).toHaveTextContent('Review reported');
    expect(row).toHaveTextContent('New');
    const detail = screen.getByTestId('notification-detail');
    expect(detail).toHaveTextContent('Careful Reader reported a review of “Oromay”: Spoilers');
    expect(within(detail).getByTestId('notification-status')).toHaveTextContent('Unread');
    expect(within(detail).getByRole('link', { name: 'View Source' })).toHaveAttribute(
      'href',
      '/admin/reports',
    );

    await userEvent.click(within(detail).getByRole('button', { name: 'Mark as Read' }));
    await waitFor(() => expect(within(detail).getByTestId('notification-status')).toHaveTextContent('Read'));
    expect(within(detail).queryByRole('button', { name: 'Mark as Read' })).not.toBeInTheDocument();

    await userEvent.click(within(detail).getByRole('link', { name: 'View More' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard/notification/detail'));
    expect(router.state.location.search).toBe(`?id=${report.id}`);
  });
});
