import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminReview, AdminUser } from '@nebab/shared';
import { mockFetch } from '../../test/fetchMock';
import { renderWithProviders } from '../../test/render';
import { ManageUsersPage } from '../../pages/ManageUsersPage/ManageUsersPage';
import { ReviewModerationPage } from '../../pages/ReviewModerationPage/ReviewModerationPage';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function user(id: string, over: Partial<AdminUser> = {}): AdminUser {
  return {
    id,
    name: `Reader ${id}`,
    email: `reader-${id}@example.com`,
    role: 'user',
    profile_picture: null,
    birth_date: null,
    location: null,
    created_at: '2026-01-05T10:00:00.000Z',
    auth_provider: 'password',
    language: null,
    theme: null,
    status: 'active',
    booksRead: 3,
    reviewsWritten: 2,
    emailVerified: true,
    ...over,
  };
}

function review(id: string, over: Partial<AdminReview> = {}): AdminReview {
  return {
    id,
    book: {
      id: '42',
      title: 'Fikir Eske Mekabir',
      author: 'Haddis Alemayehu',
      coverImage: null,
      coverCandidates: [],
    },
    user: { id: 'u1', name: 'Abebe', profile_picture: null },
    rating: 4,
    comment: `Comment ${id}`,
    visibility: 'public',
    status: 'approved',
    timestamp: '2026-01-05T10:00:00.000Z',
    updated_at: '2026-01-06T10:00:00.000Z',
    reportsCount: 1,
    openReportsCount: 1,
    ...over,
  };
}

describe('All Users', () => {
  it('searches, shows the detail card and suspends after confirming', async () => {
    let current = user('a1');
    const { calls } = mockFetch({
      'GET /api/admin/users': () => ({ body: { items: [current], total: 1, page: 1, pageSize: 20 } }),
      'PATCH /api/admin/users/a1': ({ body }) => {
        current = { ...current, ...(body as Partial<AdminUser>) };
        return { body: current };
      },
    });
    renderWithProviders(<ManageUsersPage />, { path: '/admin/dashboard/manageuser' });
    const u = userEvent.setup();

    await u.type(await screen.findByLabelText('Search by name or email'), 'reader-a1');
    await u.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('q=reader-a1'))).toBe(true));

    await u.click(await screen.findByRole('button', { name: /Reader a1/ }));
    const card = screen.getByTestId('admin-user-detail');
    expect(within(card).getByText('reader-a1@example.com')).toBeInTheDocument();
    expect(within(card).getByText('Email and password')).toBeInTheDocument();

    await u.click(within(card).getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Suspend Reader a1?' });
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);

    await u.click(within(card).getByRole('button', { name: 'Suspend' }));
    await u.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Suspend' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'suspended' }),
    );
    expect(await screen.findByText('Reader a1 is suspended and signed out.')).toBeInTheDocument();
    expect(await within(card).findByRole('button', { name: 'Activate' })).toBeInTheDocument();
  });

  it('offers no Suspend or Delete on the signed-in admin account', async () => {
    window.localStorage.setItem('NR_token', 'admin-token');
    const me = user('me', { role: 'admin', name: 'Head Admin' });
    mockFetch({
      'GET /api/auth/me': { body: { user: me } },
      'GET /api/preferences': {
        body: { languages: ['en'], genres: ['fiction'], ageGroup: null, bookLength: null, authors: [] },
      },
      'GET /api/admin/users': { body: { items: [me], total: 1, page: 1, pageSize: 20 } },
    });
    renderWithProviders(<ManageUsersPage />, { path: '/admin/dashboard/manageuser' });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: /Head Admin/ }));
    const card = screen.getByTestId('admin-user-detail');
    await waitFor(() => expect(within(card).queryByRole('button', { name: 'Suspend' })).toBeNull());
    expect(within(card).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });
});

describe('Moderate Reviews', () => {
  it('filters by status, approves and rejects by id, and deletes only after confirming', async () => {
    const items = [review('r1', { status: 'flagged' }), review('r2')];
    const { calls } = mockFetch({
      'GET /api/admin/reviews': ({ url }) => {
        const status = new URL(url, 'http://x').searchParams.get('status');
        const shown = status && status !== 'all' ? items.filter((item) => item.status === status) : items;
        return { body: { items: shown, total: shown.length, page: 1, pageSize: 20 } };
      },
      'PATCH /api/admin/reviews/r1': ({ body }) => ({ body: { ...items[0], ...(body as object) } }),
      'PATCH /api/admin/reviews/r2': ({ body }) => ({ body: { ...items[1], ...(body as object) } }),
      'DELETE /api/admin/reviews/r2': { status: 204 },
    });
    renderWithProviders(<ReviewModerationPage />, { path: '/admin/dashboard/reviewmoderation' });
    const u = userEvent.setup();

    const cards = await screen.findAllByTestId('admin-review');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByTestId('admin-review-status')).toHaveTextContent('Flagged');
    expect(within(cards[0]!).getByText('1 open report')).toBeInTheDocument();
    // Approved reviews offer Reject but not Approve.
    expect(within(cards[1]!).queryByRole('button', { name: 'Approve' })).toBeNull();

    await u.click(within(cards[0]!).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({ body: { status: 'approved' } }),
    );
    expect(calls.find((c) => c.method === 'PATCH')?.url).toBe('/api/admin/reviews/r1');
    await u.click(within(cards[1]!).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH').map((c) => [c.url, c.body])).toContainEqual([
        '/api/admin/reviews/r2',
        { status: 'rejected' },
      ]),
    );
    expect(
      await screen.findByText('Review rejected: it no longer shows on the book page.'),
    ).toBeInTheDocument();

    await u.click(within(cards[1]!).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this review?' });
    await u.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await u.click(within(cards[1]!).getByRole('button', { name: 'Delete' }));
    await u.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/admin/reviews/r2')).toBe(true),
    );

    await u.click(screen.getByRole('button', { name: 'Flagged' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('status=flagged'))).toBe(true));
    expect(screen.getByRole('button', { name: 'Flagged' })).toHaveAttribute('aria-pressed', 'true');
  });
});
