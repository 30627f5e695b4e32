import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification, NotificationList } from '@nebab/shared';
import { mockFetch } from '../../test/fetchMock';
import { renderWithProviders } from '../../test/render';
import { badgeText } from './BellButton';
import { NotificationsScreen } from './NotificationsScreen';

afterEach(() => {
  vi.unstubAllGlobals();
});

const reply: Notification = {
  id: '5d0c4c9e-3c1c-4a55-9a39-0b1c2d3e4f50',
  kind: 'reviewReply',
  status: 'unread',
  actor: { id: 'u2', name: 'Dawit Mekonnen', profile_picture: null },
  bookId: '42',
  reviewId: '7f3e1d2c-1111-4222-8333-944455566677',
  clubId: null,
  data: { bookTitle: 'Fikir Eske Mekabir', excerpt: 'So true' },
  createdAt: '2026-11-20T10:00:00.000Z',
};

const meeting: Notification = {
  ...reply,
  id: '9a8b7c6d-0000-4000-8000-000000000001',
  kind: 'clubMeeting',
  status: 'read',
  actor: null,
  bookId: null,
  reviewId: null,
  clubId: '11111111-1111-4111-8111-111111111111',
  data: { clubName: 'Addis Readers', startsAt: '2026-12-01T15:00:00.000Z' },
};

function listOf(items: Notification[]): NotificationList {
  return {
    items,
    total: items.length,
    page: 1,
    pageSize: 20,
    unreadCount: items.filter((n) => n.status === 'unread').length,
  };
}

describe('NotificationsScreen', () => {
  it('builds each message from kind and data, links to the target, and saves read / delete', async () => {
    let items = [reply, meeting];
    const { calls } = mockFetch({
      'GET /api/notifications': () => ({ body: listOf(items) }),
      'GET /api/notifications/unread-count': () => ({
        body: { unreadCount: items.filter((n) => n.status === 'unread').length },
      }),
      [`PATCH /api/notifications/${reply.id}`]: ({ body }) => {
        const status = (body as { status: 'read' | 'unread' }).status;
        items = items.map((n) => (n.id === reply.id ? { ...n, status } : n));
        return { body: items[0] };
      },
      [`DELETE /api/notifications/${meeting.id}`]: () => {
        items = items.filter((n) => n.id !== meeting.id);
        return { status: 204 };
      },
    });
    renderWithProviders(<NotificationsScreen />, { path: '/dashboard/notifications' });

    const rows = await screen.findAllByTestId('notification');
    expect(rows).toHaveLength(2);
    const first = rows[0]!;
    expect(first).toHaveTextContent('Dawit Mekonnen replied to your review of “Fikir Eske Mekabir”.');
    expect(within(first).getByRole('link', { name: 'New reply' })).toHaveAttribute(
      'href',
      `/book/42#review-${reply.reviewId}`,
    );
    expect(rows[1]).toHaveTextContent('Addis Readers meets on');
    expect(within(rows[1]!).getByRole('link', { name: 'Club meeting' })).toHaveAttribute(
      'href',
      `/community/bookclub?club=${meeting.clubId}`,
    );
    expect(screen.getByTestId('unread-summary')).toHaveTextContent('1 unread');

    await userEvent.click(within(first).getByRole('button', { name: 'Mark as Read' }));
    await waitFor(() => expect(first).toHaveAttribute('data-status', 'read'));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'read' });
    await waitFor(() => expect(screen.getByTestId('unread-summary')).toHaveTextContent('0 unread'));

    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(1));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('says a meeting is near (meetingReminder) and leads to the club', async () => {
    const reminder: Notification = {
      ...meeting,
      id: '9a8b7c6d-0000-4000-8000-000000000002',
      kind: 'meetingReminder',
      status: 'unread',
      data: { clubName: 'Addis Readers', startsAt: '2026-12-01T15:00:00.000Z', title: 'Chapter one' },
    };
    mockFetch({
      'GET /api/notifications': { body: listOf([reminder]) },
      'GET /api/notifications/unread-count': { body: { unreadCount: 1 } },
    });
    renderWithProviders(<NotificationsScreen />, { path: '/dashboard/notifications' });
    const [row] = await screen.findAllByTestId('notification');
    expect(row).toHaveTextContent('Addis Readers meets on');
    expect(row).toHaveTextContent('2026');
    expect(within(row!).getByRole('link', { name: 'Meeting soon' })).toHaveAttribute(
      'href',
      `/community/bookclub?club=${meeting.clubId}`,
    );
  });

  it('shows the empty state of a filter', async () => {
    mockFetch({
      'GET /api/notifications': { body: listOf([]) },
      'GET /api/notifications/unread-count': { body: { unreadCount: 0 } },
    });
    renderWithProviders(<NotificationsScreen />, { path: '/dashboard/notifications' });
    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
  });
});

describe('badgeText', () => {
  it('caps at 9+', () => {
    expect(badgeText(3, 'en')).toBe('3');
    expect(badgeText(12, 'en')).toBe('9+');
  });
});
