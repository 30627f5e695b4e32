import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminBookDetail, AdminBookRow } from '@nebab/shared';
import { EditBookPage } from '../../pages/EditBookPage/EditBookPage';
import { ManageBooksPage } from '../../pages/ManageBooksPage/ManageBooksPage';
import { mockFetch } from '../../test/fetchMock';
import { renderWithProviders } from '../../test/render';

const detail: AdminBookDetail = {
  id: '14',
  title: 'Animal Farm',
  author: 'George Orwell',
  authors: ['George Orwell'],
  genres: ['classics', 'fiction'],
  publisher: 'NAL',
  publicationDate: '1945',
  pageCount: 122,
  language: 'en',
  rating: 3.9,
  ratingsCount: 100,
  description: null,
  coverImage: null,
  coverCandidates: [],
  previewLink: null,
  viewability: 'NO_PAGES',
  industryIdentifiers: [],
  series: null,
  seriesNumber: null,
  altTitles: [],
  hasFile: false,
  unlisted: false,
  source: 'goodbooks',
  status: 'active',
  coverUrl: null,
  hasUploadedCover: false,
  isbn10: null,
  isbn13: '9780452284241',
  editedFields: [],
};

function row(id: string, title: string, status = 'active'): AdminBookRow {
  return {
    bookId: id,
    title,
    author: 'George Orwell',
    genre: 'classics',
    coverImage: null,
    coverCandidates: [],
    status,
    source: 'goodbooks',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

describe('EditBookPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  function setup() {
    const fetchMock = mockFetch({
      'GET /api/admin/books/14': { body: detail },
      'PATCH /api/admin/books/14': ({ body }) => ({ body: { ...detail, ...(body as object) } }),
    });
    const view = renderWithProviders(<p>start</p>, {
      extraRoutes: [{ path: '/admin/books/edit/:bookId', element: <EditBookPage /> }],
    });
    void view.router.navigate('/admin/books/edit/14');
    return { user: userEvent.setup(), ...fetchMock };
  }

  it('sends only the fields that changed, as typed values', async () => {
    const { user, calls } = setup();
    const description = await screen.findByLabelText('Description');
    await user.type(description, '<p>New</p>');
    const pages = screen.getByLabelText('Pages');
    await user.clear(pages);
    await user.type(pages, '130');
    await user.click(screen.getByRole('checkbox', { name: 'History' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(patch.body).toEqual({
      description: '<p>New</p>',
      pageCount: 130,
      genres: ['classics', 'fiction', 'history'],
    });
    expect(await screen.findByText('“Animal Farm” was saved.')).toBeInTheDocument();
  });

  it('checks the fields before sending', async () => {
    const { user, calls } = setup();
    const pages = await screen.findByLabelText('Pages');
    await user.clear(pages);
    await user.type(pages, 'many');
    const date = screen.getByLabelText('Publication date');
    await user.clear(date);
    await user.type(date, '1945-13');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Please enter a whole number of pages between 1 and 100000'),
    ).toBeInTheDocument();
    expect(screen.getByText('Please enter the date as YYYY, YYYY-MM or YYYY-MM-DD')).toBeInTheDocument();
    expect(screen.getByLabelText('Pages')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });
});

describe('ManageBooksPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('searches on the server, toggles the status and deletes after a confirmation', async () => {
    let items = [row('14', 'Animal Farm'), row('13', '1984')];
    const fetchMock = mockFetch({
      'GET /api/admin/books': ({ url }) => {
        const q = new URL(url, 'http://x').searchParams.get('q')?.toLowerCase() ?? '';
        const found = items.filter((item) => item.title.toLowerCase().includes(q));
        return { body: { items: found, total: found.length, page: 1, pageSize: 20 } };
      },
      'PATCH /api/admin/books/14': ({ body }) => {
        items = items.map((item) => (item.bookId === '14' ? { ...item, ...(body as object) } : item));
        return { body: { ...detail, ...(body as object) } };
      },
      'GET /api/admin/books/13/usage': { body: { entries: 3, reviews: 2 } },
      'DELETE /api/admin/books/13': () => {
        items = items.filter((item) => item.bookId !== '13');
        return { status: 204 };
      },
    });
    renderWithProviders(<ManageBooksPage />, { path: '/admin/dashboard/managebook' });
    const user = userEvent.setup();
    expect(await screen.findAllByTestId('manage-books-row')).toHaveLength(2);

    await user.type(screen.getByLabelText('Search books'), 'animal');
    await waitFor(() => expect(screen.getAllByTestId('manage-books-row')).toHaveLength(1));
    expect(fetchMock.calls.some((call) => call.url.includes('q=animal'))).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Deactivate “Animal Farm”' }));
    expect(
      await screen.findByText('“Animal Farm” is now inactive and hidden from readers.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByTestId('manage-books-row')).getByText('Inactive')).toBeInTheDocument(),
    );
    expect(fetchMock.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ status: 'inactive' });

    await user.clear(screen.getByLabelText('Search books'));
    await waitFor(() => expect(screen.getAllByTestId('manage-books-row')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Delete “1984”' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this book?' });
    expect(
      await within(dialog).findByText(/together with 3 reading-list entries and 2 reviews of it/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete book' }));
    expect(await screen.findByText('“1984” was deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('manage-books-row')).toHaveLength(1));
    expect(fetchMock.calls.some((call) => call.method === 'DELETE')).toBe(true);
  });
});
