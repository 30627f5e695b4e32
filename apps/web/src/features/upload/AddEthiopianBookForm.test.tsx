import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { AddEthiopianBookForm } from './AddEthiopianBookForm';

/** A stand-in XMLHttpRequest: the test decides progress and the answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function pdfFile(size = 2048): File {
  return new File([new Uint8Array(size)], 'oromay.pdf', { type: 'application/pdf' });
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Title'), 'ኦሮማይ');
  await user.type(screen.getByLabelText('Author'), 'በዓሉ ግርማ');
  await user.selectOptions(screen.getByLabelText('Genre'), 'fiction');
}

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('AddEthiopianBookForm', () => {
  it('checks the fields and files in the browser before sending anything', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AddEthiopianBookForm />);
    expect(screen.getByLabelText('Language')).toHaveValue('am');
    await user.click(screen.getByRole('button', { name: 'Add book' }));
    expect(await screen.findByText('Please enter the title')).toBeInTheDocument();
    expect(screen.getByText('Please enter the author')).toBeInTheDocument();
    expect(screen.getByText('Please choose a genre')).toBeInTheDocument();
    expect(screen.getByText('Please choose the PDF file of the book')).toBeInTheDocument();

    const big = new File([new Uint8Array(16)], 'cover.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    await user.upload(screen.getByLabelText(/Cover image/), big);
    expect(screen.getByText('The cover image is too large (at most 5 MB)')).toBeInTheDocument();
    expect(FakeXhr.last).toBeNull();
  });

  it('sends the form with progress and shows the new book with its links', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AddEthiopianBookForm />);
    await fillRequired(user);
    await user.upload(screen.getByLabelText('Book PDF'), pdfFile());
    expect(screen.getByText('Selected: oromay.pdf (2 kB)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add book' }));

    await waitFor(() => expect(FakeXhr.last?.body).not.toBeNull());
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/admin/books');
    expect(xhr.body!.get('title')).toBe('ኦሮማይ');
    expect(xhr.body!.get('language')).toBe('am');
    expect(xhr.body!.get('publisher')).toBeNull();
    expect((xhr.body!.get('bookFile') as File).name).toBe('oromay.pdf');
    expect(screen.getByRole('button', { name: 'Uploading…' })).toBeDisabled();

    act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1024, total: 4096 }));
    expect(screen.getByTestId('upload-progress')).toHaveTextContent('1 kB of 4 kB sent (25%)');
    expect(screen.getByLabelText('Upload progress')).toHaveAttribute('value', '25');

    act(() => xhr.respond(201, { id: 'local-abc' }));
    const heading = await screen.findByRole('heading', { name: 'Book added' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Open book page' })).toHaveAttribute('href', '/book/local-abc');
    expect(screen.getByRole('link', { name: 'Read now' })).toHaveAttribute(
      'href',
      '/book/local-abc?reader=open',
    );

    await user.click(screen.getByRole('button', { name: 'Add another book' }));
    expect(screen.getByLabelText('Title')).toHaveValue('');
  });

  it('puts the server’s messages under their fields and other errors above the form', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AddEthiopianBookForm />);
    await fillRequired(user);
    await user.upload(screen.getByLabelText('Book PDF'), pdfFile());
    await user.click(screen.getByRole('button', { name: 'Add book' }));
    await waitFor(() => expect(FakeXhr.last?.body).not.toBeNull());
    act(() =>
      FakeXhr.last!.respond(415, {
        error: {
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: 'The book file must be a PDF',
          fields: { bookFile: 'The book file must be a PDF' },
        },
      }),
    );
    expect(await screen.findByText('The book file must be a PDF')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Book PDF')).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Add book' }));
    await waitFor(() => expect(FakeXhr.last?.status).toBe(0));
    act(() =>
      FakeXhr.last!.respond(403, { error: { code: 'FORBIDDEN', message: 'You are not allowed to do that' } }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to do that');
  });
});
