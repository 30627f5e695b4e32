import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetchMock';
import { renderWithProviders } from '../../test/render';
import { ContactPage } from './ContactPage';

describe('ContactPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives every field of the form its type (an outside validator found two without)', async () => {
    mockFetch({
      'GET /api/site': { body: { registrationOpen: true, defaultLanguage: 'en', contactEmail: null } },
    });
    renderWithProviders(<ContactPage />, { path: '/contact' });
    expect(await screen.findByLabelText('Your name')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Your email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Subject')).toHaveAttribute('type', 'text');
    for (const input of document.querySelectorAll('input')) expect(input).toHaveAttribute('type');
  });
});
