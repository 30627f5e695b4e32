import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Review, User } from '@nebab/shared';
import { mockFetch } from '../../test/fetchMock';
import { renderWithProviders } from '../../test/render';
import { ReviewsSection } from './ReviewsSection';
import { testPreferences, testReader } from '../../test/fixtures';

const reader: User = testReader();
const prefs = testPreferences;

const review = (overrides: Partial<Review> = {}): Review => ({
  id: 'r1',
  reviewID: 'r1',
  bookId: '2',
  user: { id: 'u2', name: 'Abebe Kebede', profile_picture: null },
  rating: 4,
  comment: 'Line one\nLine two <b>not bold</b>',
  visibility: 'public',
  spoiler: false,
  status: 'approved',
  imported: false,
  timestamp: '2026-03-01T10:00:00Z',
  updated_at: '2026-03-01T10:00:00Z',
  likes: 2,
  dislikes: 0,
  mine: null,
  replies: [
    {
      id: 'p1',
      user: { id: 'u3', name: 'Sara', profile_picture: null },
      date: '2026-03-02T10:00:00Z',
      text: 'Agreed',
    },
  ],
  ...overrides,
});

function Harness({ initiallyOpen }: { initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Write Review
      </button>
      <ReviewsSection bookId="2" formOpen={open} onFormOpenChange={setOpen} />
    </>
  );
}

function setup({
  signedIn = true,
  open = false,
  items = [] as Review[],
  extra = {} as Parameters<typeof mockFetch>[0],
} = {}) {
  if (signedIn) window.localStorage.setItem('NR_token', 'tok');
  const fetchMock = mockFetch({
    'GET /api/books/2/reviews': { body: { items } },
    'GET /api/auth/me': signedIn ? { body: { user: reader } } : { status: 401, body: {} },
    'GET /api/preferences': { body: prefs },
    'GET /api/me/privacy': {
      body: {
        profileVisibility: 'public',
        showReadingList: true,
        showLocation: false,
        reviewsPrivate: false,
      },
    },
    ...extra,
  });
  renderWithProviders(<Harness initiallyOpen={open} />, { path: '/book/2' });
  return { user: userEvent.setup(), ...fetchMock };
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('ReviewForm', () => {
  it('opens with defaults (1 star, empty comment, public) and focus in the comment box', async () => {
    setup({ open: true });
    const comment = await screen.findByRole('textbox', { name: 'Comment' });
    await waitFor(() => expect(comment).toHaveFocus());
    expect(screen.getByRole('radio', { name: '1 star' })).toBeChecked();
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Public' })).toBeChecked());
    expect(screen.queryByText(/only you will see this review/)).not.toBeInTheDocument();
    expect(comment).toHaveValue('');
  });

  it('requires a comment, then submits rating, comment and visibility', async () => {
    const { user, calls } = setup({
      open: true,
      extra: { 'POST /api/books/2/reviews': { status: 201, body: review() } },
    });
    await user.click(await screen.findByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText('Please write a comment')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Great read');
    await user.click(screen.getByRole('radio', { name: 'Private' }));
    await user.click(screen.getByRole('checkbox', { name: 'Contains spoilers' }));
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        rating: 4,
        comment: 'Great read',
        visibility: 'private',
        spoiler: true,
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Write a review' })).not.toBeInTheDocument(),
    );
  });

  it('resets to the defaults when closed and opened again', async () => {
    const { user } = setup({ open: true });
    await user.click(await screen.findByRole('radio', { name: '5 stars' }));
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Draft');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'Comment' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Write Review' }));
    expect(await screen.findByRole('textbox', { name: 'Comment' })).toHaveValue('');
    expect(screen.getByRole('radio', { name: '1 star' })).toBeChecked();
  });

  it('edits the reader’s own review with PATCH', async () => {
    const own = review({
      id: 'mine',
      user: { id: 'u1', name: 'Tigist Bekele', profile_picture: null },
      visibility: 'private',
    });
    const { user, calls } = setup({
      open: true,
      items: [own],
      extra: { 'PATCH /api/reviews/mine': { body: own } },
    });
    expect(await screen.findByRole('textbox', { name: 'Comment' })).toHaveValue(own.comment);
    expect(screen.getByText('Private', { selector: 'span' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
  });

  it('an imported private review opens on the reader’s default (public), not the import’s Private', async () => {
    const own = review({
      id: 'mine',
      user: { id: 'u1', name: 'Tigist Bekele', profile_picture: null },
      visibility: 'private',
      imported: true,
      timestamp: '2019-05-04T12:00:00Z',
    });
    const { user, calls } = setup({
      open: true,
      items: [own],
      extra: { 'PATCH /api/reviews/mine': { body: { ...own, visibility: 'public', imported: false } } },
    });
    expect(await screen.findByRole('textbox', { name: 'Comment' })).toHaveValue(own.comment);
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Public' })).toBeChecked());
    expect(screen.getByRole('radio', { name: 'Private' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ visibility: 'public' }),
    );
    expect(await screen.findByText('Your review has been saved')).toBeInTheDocument();
  });

  it('says plainly when a review is private: the reader’s own private default, the note and the toast', async () => {
    const { user, calls } = setup({
      open: true,
      extra: {
        'GET /api/me/privacy': {
          body: {
            profileVisibility: 'public',
            showReadingList: true,
            showLocation: false,
            reviewsPrivate: true,
          },
        },
        'POST /api/books/2/reviews': { status: 201, body: review({ visibility: 'private' }) },
      },
    });
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Private' })).toBeChecked());
    const note = screen.getByText(/only you will see this review/);
    expect(screen.getByRole('radio', { name: 'Private' })).toHaveAttribute('aria-describedby', note.id);
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Mine alone');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ visibility: 'private' }),
    );
    expect(await screen.findByText(/saved as private: only you can see it/)).toBeInTheDocument();
  });

  it('shows a login prompt to signed-out readers instead of the form', async () => {
    setup({ signedIn: false, open: true });
    expect(await screen.findByRole('link', { name: 'Log in to review' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('textbox', { name: 'Comment' })).not.toBeInTheDocument();
  });
});

describe('ReviewList', () => {
  it('shows Loading ... then No Reviews Yet', async () => {
    setup();
    expect(screen.getByText('Loading ...')).toBeInTheDocument();
    expect(await screen.findByText('No Reviews Yet')).toBeInTheDocument();
  });

  it('lists a review as plain text with its replies', async () => {
    setup({ items: [review()] });
    const item = await screen.findByTestId('review');
    expect(within(item).getByText('Abebe Kebede')).toBeInTheDocument();
    expect(within(item).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(within(item).getByText(/Line two <b>not bold<\/b>/)).toBeInTheDocument();
    expect(item.querySelector('b')).toBeNull();
    expect(within(item).getByText('Agreed')).toBeInTheDocument();
  });

  it('marks an Amharic comment and name with lang="am" in the English interface, and English ones not', async () => {
    setup({
      items: [
        review({
          id: 'r1',
          comment: 'በጣም ጥሩ መጽሐፍ ነው።',
          user: { id: 'u2', name: 'አበበ ከበደ', profile_picture: null },
        }),
        review({ id: 'r2', reviewID: 'r2', comment: 'A fine book.' }),
      ],
    });
    expect(await screen.findByText('በጣም ጥሩ መጽሐፍ ነው።')).toHaveAttribute('lang', 'am');
    expect(screen.getByRole('link', { name: 'አበበ ከበደ' })).toHaveAttribute('lang', 'am');
    expect(screen.getByText('A fine book.')).not.toHaveAttribute('lang');
    expect(screen.getByRole('link', { name: 'Abebe Kebede' })).not.toHaveAttribute('lang');
  });

  it("hides another reader's spoiler behind Show spoiler", async () => {
    const { user } = setup({ items: [review({ spoiler: true, comment: 'The butler did it.' })] });
    const show = await screen.findByRole('button', { name: 'Show spoiler' });
    expect(screen.getByText('The butler did it.')).not.toBeVisible();
    expect(screen.getByText('This review reveals the plot.')).toBeInTheDocument();
    await user.click(show);
    expect(screen.getByText('The butler did it.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Hide spoiler' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('likes optimistically and reconciles with the server counts', async () => {
    let resolve: (value: unknown) => void = () => {};
    const answered = new Promise((r) => (resolve = r));
    const { user, calls } = setup({
      items: [review()],
      extra: {
        'PUT /api/reviews/r1/reaction': () => {
          resolve(null);
          return { body: { likes: 7, dislikes: 0, mine: 'like' } };
        },
      },
    });
    const like = await screen.findByRole('button', { name: 'Like (2)' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await user.click(like);
    await answered;
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ type: 'like' });
    expect(await screen.findByRole('button', { name: 'Like (7)' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('a Like clicked while the reader’s session still loads waits for it instead of asking to log in', async () => {
    let sessionMayAnswer!: () => void;
    const sessionHeld = new Promise<void>((resolve) => (sessionMayAnswer = resolve));
    const { user, calls } = setup({
      items: [review()],
      extra: {
        'GET /api/auth/me': async () => {
          await sessionHeld;
          return { body: { user: reader } };
        },
        'PUT /api/reviews/r1/reaction': { body: { likes: 3, dislikes: 0, mine: 'like' } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Like (2)' }));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    sessionMayAnswer();
    expect(await screen.findByRole('button', { name: 'Like (3)' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ type: 'like' }]);
    expect(screen.queryByText('Please login to write or react to reviews')).not.toBeInTheDocument();
  });

  it('asks signed-out readers to log in when they react', async () => {
    const { user, calls } = setup({ signedIn: false, items: [review()] });
    await user.click(await screen.findByRole('button', { name: 'Like (2)' }));
    expect(await screen.findByText('Please login to write or react to reviews')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('toggles the reply form and posts a reply', async () => {
    const { user, calls } = setup({
      items: [review()],
      extra: {
        'POST /api/reviews/r1/replies': {
          status: 201,
          body: {
            id: 'p2',
            user: { id: 'u1', name: 'Tigist Bekele', profile_picture: null },
            date: '',
            text: 'Me too',
          },
        },
      },
    });
    const toggle = await screen.findByRole('button', { name: 'Reply' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Send Reply' }));
    expect(await screen.findByText('Please write a reply')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Your reply' }), 'Me too');
    await user.click(screen.getByRole('button', { name: 'Send Reply' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ text: 'Me too' }));
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
  });

  it('toggles the report form: a blank reason warns, a reason is sent', async () => {
    const { user, calls } = setup({
      items: [review()],
      extra: { 'POST /api/reviews/r1/reports': { status: 201, body: {} } },
    });
    await user.click(await screen.findByRole('button', { name: 'Report' }));
    await user.click(screen.getByRole('button', { name: 'Send Report' }));
    expect(await screen.findByText('Please provide a reason for reporting')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Reason for reporting' }), 'Spam');
    await user.click(screen.getByRole('button', { name: 'Send Report' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Spam' }));
    expect(await screen.findByText('Thank you — our team will look at this review.')).toBeInTheDocument();
  });
});
