import { Navigate, type RouteObject } from 'react-router';
import { FullScreenSpinner } from './components/Spinner';
import { RootLayout } from './features/shell/RootLayout';
import { i18n } from './i18n';
import { CORE_MESSAGES_ROUTE } from './i18n/sections';
import { NotFoundPage } from './pages/NotFoundPage/NotFoundPage';
import { RouteErrorPage } from './pages/RouteErrorPage/RouteErrorPage';

function RouteFallback() {
  return <FullScreenSpinner testId="route-spinner" label={i18n.t('app.loading')} />;
}

/**
 * The route table of spec §2. Every screen is lazy-loaded. Guards are not attached per route: the
 * root layout's SessionGate applies `resolveRedirect` (features/auth) to the current path, so the
 * rules live in one pure, tested function. Access per path: features/auth/routeAccess.ts. The server
 * knows the same paths (apps/server/src/modules/pages/pages.match.ts): a new public page goes there too.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback: RouteFallback,
    errorElement: <RouteErrorPage />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          // guest: signed-in readers are sent onward
          {
            index: true,
            // renders with the core messages only (src/i18n/sections.ts)
            handle: CORE_MESSAGES_ROUTE,
            lazy: async () => ({ Component: (await import('./pages/LandingPage/LandingPage')).LandingPage }),
          },
          // guest-only
          {
            path: 'login',
            lazy: async () => ({ Component: (await import('./pages/LoginPage/LoginPage')).LoginPage }),
          },
          {
            path: 'signup',
            lazy: async () => ({ Component: (await import('./pages/SignupPage/SignupPage')).SignupPage }),
          },
          // links mailed to readers
          {
            path: 'forgot-password',
            lazy: async () => ({
              Component: (await import('./pages/ForgotPasswordPage/ForgotPasswordPage')).ForgotPasswordPage,
            }),
          },
          {
            path: 'reset-password',
            lazy: async () => ({
              Component: (await import('./pages/ResetPasswordPage/ResetPasswordPage')).ResetPasswordPage,
            }),
          },
          {
            path: 'verify-email',
            lazy: async () => ({
              Component: (await import('./pages/VerifyEmailPage/VerifyEmailPage')).VerifyEmailPage,
            }),
          },
          // the newsletter's mailed links (no sign-in needed)
          {
            path: 'newsletter/confirm',
            lazy: async () => ({
              Component: (await import('./pages/NewsletterConfirmPage/NewsletterConfirmPage'))
                .NewsletterConfirmPage,
            }),
          },
          {
            path: 'newsletter/unsubscribe',
            lazy: async () => ({
              Component: (await import('./pages/NewsletterUnsubscribePage/NewsletterUnsubscribePage'))
                .NewsletterUnsubscribePage,
            }),
          },
          {
            path: 'notifications/unsubscribe',
            lazy: async () => ({
              Component: (await import('./pages/UnsubscribePage/UnsubscribePage')).UnsubscribePage,
            }),
          },
          {
            path: 'delete-account',
            lazy: async () => ({
              Component: (await import('./pages/DeleteAccountPage/DeleteAccountPage')).DeleteAccountPage,
            }),
          },
          // Google sign-in comes back here
          {
            path: 'auth/callback',
            lazy: async () => ({
              Component: (await import('./pages/AuthCallbackPage/AuthCallbackPage')).AuthCallbackPage,
            }),
          },
          // public
          {
            path: 'aboutus',
            lazy: async () => ({ Component: (await import('./pages/AboutUsPage/AboutUsPage')).AboutUsPage }),
          },
          { path: 'about', element: <Navigate to="/aboutus" replace /> },
          // protected
          {
            path: 'preferences',
            lazy: async () => ({
              Component: (await import('./pages/PreferencesPage/PreferencesPage')).PreferencesPage,
            }),
          },
          {
            path: 'dashboard',
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('./pages/DashboardPage/DashboardPage')).DashboardPage,
                }),
              },
              {
                path: 'readinglist',
                lazy: async () => ({
                  Component: (await import('./pages/ReadingListPage/ReadingListPage')).ReadingListPage,
                }),
              },
              {
                path: 'reading-list',
                lazy: async () => ({
                  Component: (await import('./pages/ReadingListPage/ReadingListPage')).ReadingListPage,
                }),
              },
              {
                path: 'recommendations',
                lazy: async () => ({
                  Component: (await import('./pages/RecommendationsPage/RecommendationsPage'))
                    .RecommendationsPage,
                }),
              },
              {
                path: 'stats',
                // Recharts is imported only by this page's chunk.
                lazy: async () => ({
                  Component: (await import('./pages/StatsPage/StatsPage')).StatsPage,
                }),
              },
              {
                path: 'settings',
                lazy: async () => ({
                  Component: (await import('./pages/SettingsPage/SettingsPage')).SettingsPage,
                }),
              },
              {
                path: 'notifications',
                lazy: async () => ({
                  Component: (await import('./pages/NotificationsPage/ReaderNotificationsPage'))
                    .ReaderNotificationsPage,
                }),
              },
              {
                path: 'lists',
                lazy: async () => ({
                  Component: (await import('./pages/MyListsPage/MyListsPage')).MyListsPage,
                }),
              },
            ],
          },
          // admin (protected + role admin, else /dashboard)
          {
            path: 'admin',
            children: [
              { index: true, element: <Navigate to="/admin/dashboard" replace /> },
              {
                path: 'dashboard',
                children: [
                  {
                    index: true,
                    lazy: async () => ({
                      Component: (await import('./pages/AdminDashboardPage/AdminDashboardPage'))
                        .AdminDashboardPage,
                    }),
                  },
                  {
                    path: 'manageuser',
                    lazy: async () => ({
                      Component: (await import('./pages/ManageUsersPage/ManageUsersPage')).ManageUsersPage,
                    }),
                  },
                  {
                    path: 'managebook',
                    lazy: async () => ({
                      Component: (await import('./pages/ManageBooksPage/ManageBooksPage')).ManageBooksPage,
                    }),
                  },
                  {
                    path: 'notification',
                    lazy: async () => ({
                      Component: (await import('./pages/NotificationsPage/NotificationsPage'))
                        .NotificationsPage,
                    }),
                  },
                  {
                    path: 'notification/detail',
                    lazy: async () => ({
                      Component: (await import('./pages/NotificationDetailPage/NotificationDetailPage'))
                        .NotificationDetailPage,
                    }),
                  },
                  {
                    path: 'reviewmoderation',
                    lazy: async () => ({
                      Component: (await import('./pages/ReviewModerationPage/ReviewModerationPage'))
                        .ReviewModerationPage,
                    }),
                  },
                ],
              },
              {
                path: 'reports',
                lazy: async () => ({
                  Component: (await import('./pages/AdminReportsPage/AdminReportsPage')).AdminReportsPage,
                }),
              },
              {
                path: 'reading-lists',
                lazy: async () => ({
                  Component: (await import('./pages/AdminReadingListsPage/AdminReadingListsPage'))
                    .AdminReadingListsPage,
                }),
              },
              {
                path: 'settings',
                lazy: async () => ({
                  Component: (await import('./pages/AdminSettingsPage/AdminSettingsPage')).AdminSettingsPage,
                }),
              },
              {
                path: 'newsletter',
                lazy: async () => ({
                  Component: (await import('./pages/AdminNewsletterPage/AdminNewsletterPage'))
                    .AdminNewsletterPage,
                }),
              },
              {
                path: 'messages',
                lazy: async () => ({
                  Component: (await import('./pages/AdminMessagesPage/AdminMessagesPage')).AdminMessagesPage,
                }),
              },
              {
                path: 'book-approvals',
                lazy: async () => ({
                  Component: (await import('./pages/BookApprovalsPage/BookApprovalsPage')).BookApprovalsPage,
                }),
              },
              {
                path: 'books/edit/:bookId',
                lazy: async () => ({
                  Component: (await import('./pages/EditBookPage/EditBookPage')).EditBookPage,
                }),
              },
            ],
          },
          {
            path: 'upload/book',
            lazy: async () => ({
              Component: (await import('./pages/UploadBookPage/UploadBookPage')).UploadBookPage,
            }),
          },
          // public
          {
            path: 'book/:id',
            lazy: async () => ({ Component: (await import('./pages/BookPage/BookPage')).BookPage }),
          },
          {
            path: 'search',
            lazy: async () => ({ Component: (await import('./pages/SearchPage/SearchPage')).SearchPage }),
          },
          {
            path: 'books',
            lazy: async () => ({ Component: (await import('./pages/BooksPage/BooksPage')).BooksPage }),
          },
          {
            path: 'discover',
            lazy: async () => ({ Component: (await import('./pages/GenrePage/GenrePage')).GenrePage }),
          },
          // Matching is case-insensitive, so this also serves /community/bookClub.
          {
            path: 'community/bookclub',
            lazy: async () => ({
              Component: (await import('./pages/BookClubsPage/BookClubsPage')).BookClubsPage,
            }),
          },
          { path: 'clubs', element: <Navigate to="/community/bookclub" replace /> },
          {
            path: 'genres',
            lazy: async () => ({ Component: (await import('./pages/GenresPage/GenresPage')).GenresPage }),
          },
          {
            path: 'genre/:name',
            lazy: async () => ({
              Component: (await import('./pages/GenreAliasPage/GenreAliasPage')).GenreAliasPage,
            }),
          },
          // readers' book lists of a genre, most voted first
          {
            path: 'genre/:name/lists',
            lazy: async () => ({
              Component: (await import('./pages/GenreListsPage/GenreListsPage')).GenreListsPage,
            }),
          },
          // /genre/{name}/new and /popular: the matching section of the genre page
          {
            path: 'genre/:name/:section',
            lazy: async () => ({
              Component: (await import('./pages/GenreAliasPage/GenreAliasPage')).GenreAliasPage,
            }),
          },
          // readers, their lists, and genre groups (issue 15)
          {
            path: 'reader/:id',
            lazy: async () => ({
              Component: (await import('./pages/ReaderProfilePage/ReaderProfilePage')).ReaderProfilePage,
            }),
          },
          {
            path: 'reader/:id/followers',
            lazy: async () => ({
              Component: (await import('./pages/ReaderConnectionsPage/ReaderConnectionsPage')).FollowersPage,
            }),
          },
          {
            path: 'reader/:id/following',
            lazy: async () => ({
              Component: (await import('./pages/ReaderConnectionsPage/ReaderConnectionsPage')).FollowingPage,
            }),
          },
          {
            path: 'list/:id',
            lazy: async () => ({ Component: (await import('./pages/ListPage/ListPage')).ListPage }),
          },
          {
            path: 'groups/:genre',
            lazy: async () => ({
              Component: (await import('./pages/GenreGroupsPage/GenreGroupsPage')).GenreGroupsPage,
            }),
          },
          {
            path: 'group/:id',
            lazy: async () => ({
              Component: (await import('./pages/GenreGroupsPage/GenreGroupsPage')).GroupPage,
            }),
          },
          {
            path: 'authors',
            lazy: async () => ({ Component: (await import('./pages/AuthorsPage/AuthorsPage')).AuthorsPage }),
          },
          {
            path: 'author/:name',
            lazy: async () => ({ Component: (await import('./pages/AuthorPage/AuthorPage')).AuthorPage }),
          },
          {
            path: 'privacy',
            lazy: async () => ({ Component: (await import('./pages/PrivacyPage/PrivacyPage')).PrivacyPage }),
          },
          {
            path: 'terms',
            lazy: async () => ({ Component: (await import('./pages/TermsPage/TermsPage')).TermsPage }),
          },
          {
            path: 'contact',
            lazy: async () => ({ Component: (await import('./pages/ContactPage/ContactPage')).ContactPage }),
          },
          {
            path: 'reviews',
            lazy: async () => ({ Component: (await import('./pages/ReviewsPage/ReviewsPage')).ReviewsPage }),
          },
          // any other path (small, and already part of the error screen)
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];
