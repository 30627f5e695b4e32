import { describe, expect, it } from 'vitest';
import { accessForPath } from './routeAccess';
import { afterLoginPath, afterPreferencesPath, resolveRedirect } from './resolveRedirect';

const reader = { role: 'user' } as const;
const admin = { role: 'admin' } as const;

const PROTECTED = [
  '/preferences',
  '/dashboard',
  '/dashboard/readinglist',
  '/dashboard/reading-list',
  '/dashboard/recommendations',
  '/dashboard/settings',
];
const ADMIN_ONLY = [
  '/admin/dashboard',
  '/admin/dashboard/manageuser',
  '/admin/dashboard/managebook',
  '/admin/dashboard/notification',
  '/admin/dashboard/notification/detail',
  '/admin/dashboard/reviewmoderation',
  '/admin/reports',
  '/admin/reading-lists',
  '/admin/settings',
  '/admin/book-approvals',
  '/admin/books/edit/42',
  '/upload/book',
];
const PUBLIC = [
  '/aboutus',
  '/about',
  '/book/local-1',
  '/search',
  '/books',
  '/discover',
  '/community/bookclub',
  '/community/bookClub',
  '/genres',
  '/genre/fantasy',
  '/authors',
  '/privacy',
  '/terms',
  '/contact',
  '/clubs',
  '/reviews',
  '/no/such/page',
];

describe('accessForPath', () => {
  it('classifies the route table of spec §2', () => {
    expect(accessForPath('/')).toBe('guest');
    expect(accessForPath('/login')).toBe('guestOnly');
    expect(accessForPath('/signup')).toBe('guestOnly');
    expect(accessForPath('/auth/callback')).toBe('callback');
    for (const path of PROTECTED) expect(accessForPath(path), path).toBe('protected');
    for (const path of ADMIN_ONLY) expect(accessForPath(path), path).toBe('admin');
    for (const path of PUBLIC) expect(accessForPath(path), path).toBe('public');
  });

  it('ignores case, query, hash and a trailing slash', () => {
    expect(accessForPath('/Dashboard/')).toBe('protected');
    expect(accessForPath('/login?error=google_failed')).toBe('guestOnly');
    expect(accessForPath('/ADMIN/dashboard#x')).toBe('admin');
    expect(accessForPath('/dashboardish')).toBe('public');
  });
});

describe('resolveRedirect (spec §4 Route guard)', () => {
  it('sends visitors without a user from protected and admin pages to /login', () => {
    for (const path of [...PROTECTED, ...ADMIN_ONLY])
      expect(resolveRedirect(null, false, path), path).toBe('/login');
  });

  it('lets visitors without a user stay on guest, guest-only and public pages', () => {
    for (const path of ['/', '/login', '/signup', ...PUBLIC])
      expect(resolveRedirect(null, false, path), path).toBeNull();
  });

  it('sends a reader without preferences to /preferences from every other page', () => {
    for (const path of ['/', '/login', '/signup', ...PROTECTED.slice(1), ...ADMIN_ONLY, ...PUBLIC]) {
      expect(resolveRedirect(reader, false, path), path).toBe('/preferences');
      expect(resolveRedirect(admin, false, path), path).toBe('/preferences');
    }
  });

  it('keeps a reader without preferences on /preferences', () => {
    expect(resolveRedirect(reader, false, '/preferences')).toBeNull();
    expect(resolveRedirect(admin, false, '/preferences/')).toBeNull();
  });

  it('moves a reader with preferences off /preferences: admin → /admin/dashboard, user → /dashboard', () => {
    expect(resolveRedirect(reader, true, '/preferences')).toBe('/dashboard');
    expect(resolveRedirect(admin, true, '/preferences')).toBe('/admin/dashboard');
  });

  it('sends signed-in readers onward from the guest page and the guest-only pages the same way', () => {
    for (const path of ['/', '/login', '/signup']) {
      expect(resolveRedirect(reader, true, path), path).toBe('/dashboard');
      expect(resolveRedirect(admin, true, path), path).toBe('/admin/dashboard');
    }
  });

  it('lets readers with preferences open protected and public pages', () => {
    for (const path of [...PROTECTED.slice(1), ...PUBLIC]) {
      expect(resolveRedirect(reader, true, path), path).toBeNull();
      expect(resolveRedirect(admin, true, path), path).toBeNull();
    }
  });

  it('requires the admin role on admin screens, otherwise /dashboard', () => {
    for (const path of ADMIN_ONLY) {
      expect(resolveRedirect(reader, true, path), path).toBe('/dashboard');
      expect(resolveRedirect(admin, true, path), path).toBeNull();
    }
  });

  it('never redirects the Google callback, which handles the token itself', () => {
    expect(resolveRedirect(null, false, '/auth/callback')).toBeNull();
    expect(resolveRedirect(reader, false, '/auth/callback')).toBeNull();
    expect(resolveRedirect(admin, true, '/auth/callback')).toBeNull();
  });
});

describe('after login and after the wizard (spec §4)', () => {
  it('follows landing first, then the role', () => {
    expect(afterLoginPath('user', true)).toBe('/preferences');
    expect(afterLoginPath('admin', true)).toBe('/preferences');
    expect(afterLoginPath('admin', false)).toBe('/admin/dashboard');
    expect(afterLoginPath('user', false)).toBe('/dashboard');
  });

  it('goes to the admin dashboard for admins after saving preferences, else the dashboard', () => {
    expect(afterPreferencesPath('admin')).toBe('/admin/dashboard');
    expect(afterPreferencesPath('user')).toBe('/dashboard');
  });
});
