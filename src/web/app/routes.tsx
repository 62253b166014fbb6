import type { ComponentType } from 'react';
import { Navigate, type RouteObject, useLocation } from 'react-router';
import { FullPageLoader } from '../components/ui/spinner';
import type { SessionKind } from '../lib/session';
import { PublicLayout } from './layouts/public-layout';
import { RouteErrorPage } from './route-error-page';

/** Goes to `to` with the address's query (a games list's filters) kept. */
function KeepFilters({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}

/**
 * Pages whose server-rendered HTML is complete without the app: the browser hydrates them on the
 * first interaction instead of at load (app/server-page.ts, decision 013).
 */
const hydrateOnInteraction = { hydrateOnInteraction: true } as const;

/** A route module loaded on first visit; each page is its own chunk. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): RouteObject['lazy'] {
  return async () => ({ Component: pick(await load()) });
}

const privateGame: RouteObject = {
  path: 'games/private/:privateLink',
  lazy: page(
    () => import('../features/games/pages/private-game-page'),
    (m) => m.PrivateGamePage,
  ),
};

/** A game's page: shared links reach visitors too (rendered by the server, with a link preview). */
const gameDetails = page(
  () => import('../features/games/pages/game-details-page'),
  (m) => m.GameDetailsPage,
);

/** A turma's page: its join link reaches visitors too (rendered by the server, with a link preview). */
const groupPage = page(
  () => import('../features/groups/pages/group-page'),
  (m) => m.GroupPage,
);

const forgot = page(
  () => import('../features/auth/pages/forgot-page'),
  (m) => m.ForgotPage,
);

/** Logged-in player tree; anything else goes to /. The layout is a chunk of its own too. */
export const playerRoutes: RouteObject[] = [
  {
    path: '/',
    lazy: page(
      () => import('./layouts/player-layout'),
      (m) => m.PlayerLayout,
    ),
    HydrateFallback: FullPageLoader,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        index: true,
        lazy: page(
          () => import('../features/home/pages/home-page'),
          (m) => m.HomePage,
        ),
      },
      {
        path: 'games',
        lazy: page(
          () => import('../features/games/pages/games-page'),
          (m) => m.GamesPage,
        ),
      },
      { path: 'apply/:gameId', lazy: gameDetails },
      {
        path: 'confirmation/:gameId',
        lazy: page(
          () => import('../features/games/pages/confirmation-page'),
          (m) => m.ConfirmationPage,
        ),
      },
      {
        path: 'waitlist/:gameId',
        lazy: page(
          () => import('../features/games/pages/waitlist-page'),
          (m) => m.WaitlistPage,
        ),
      },
      {
        path: 'profile',
        lazy: page(
          () => import('../features/profile/pages/profile-page'),
          (m) => m.ProfilePage,
        ),
      },
      {
        path: 'add-credit',
        lazy: page(
          () => import('../features/credits/pages/add-credit-page'),
          (m) => m.AddCreditPage,
        ),
      },
      {
        path: 'notifications',
        lazy: page(
          () => import('../features/notifications/pages/notifications-page'),
          (m) => m.NotificationsPage,
        ),
      },
      {
        path: 'payment-success',
        lazy: page(
          () => import('../features/credits/pages/payment-success-page'),
          (m) => m.PaymentSuccessPage,
        ),
      },
      {
        path: 'invitations',
        lazy: page(
          () => import('../features/invitations/pages/invitations-page'),
          (m) => m.InvitationsPage,
        ),
      },
      {
        path: 'my-games',
        lazy: page(
          () => import('../features/my-games/pages/my-games-page'),
          (m) => m.MyGamesPage,
        ),
      },
      {
        path: 'my-games/earnings',
        lazy: page(
          () => import('../features/my-games/pages/earnings-page'),
          (m) => m.EarningsPage,
        ),
      },
      {
        path: 'my-games/new',
        lazy: page(
          () => import('../features/my-games/pages/my-game-form-page'),
          (m) => m.MyGameFormPage,
        ),
      },
      {
        path: 'my-games/:id',
        lazy: page(
          () => import('../features/my-games/pages/my-game-form-page'),
          (m) => m.MyGameFormPage,
        ),
      },
      {
        path: 'my-series/:id',
        lazy: page(
          () => import('../features/series/pages/series-page'),
          (m) => m.SeriesPage,
        ),
      },
      {
        path: 'my-games/:id/dia-do-jogo',
        lazy: page(
          () => import('../features/my-games/pages/game-day-page'),
          (m) => m.GameDayPage,
        ),
      },
      // The static pages are visitor routes in the spec; a player following a footer link must not bounce to /.
      {
        path: 'terms',
        lazy: page(
          () => import('../features/static-pages/pages/terms-page'),
          (m) => m.TermsPage,
        ),
      },
      {
        path: 'privacy',
        lazy: page(
          () => import('../features/static-pages/pages/privacy-page'),
          (m) => m.PrivacyPage,
        ),
      },
      {
        path: 'support',
        lazy: page(
          () => import('../features/static-pages/pages/support-page'),
          (m) => m.SupportPage,
        ),
      },
      {
        path: 'turmas',
        lazy: page(
          () => import('../features/groups/pages/my-groups-page'),
          (m) => m.MyGroupsPage,
        ),
      },
      {
        path: 'turmas/nova',
        lazy: page(
          () => import('../features/groups/pages/create-group-page'),
          (m) => m.CreateGroupPage,
        ),
      },
      { path: 't/:slug', lazy: groupPage },
      {
        path: 't/:slug/editar',
        lazy: page(
          () => import('../features/groups/pages/edit-group-page'),
          (m) => m.EditGroupPage,
        ),
      },
      privateGame,
      // A shared filtered list opened signed in: the same list, with the same filters, for players.
      { path: 'public-games', element: <KeepFilters to="/games" /> },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** Admin tree: everything lives under /admin; anything else goes to /admin. */
export const adminRoutes: RouteObject[] = [
  {
    path: '/admin',
    lazy: page(
      () => import('./layouts/admin-layout'),
      (m) => m.AdminLayout,
    ),
    HydrateFallback: FullPageLoader,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        index: true,
        lazy: page(
          () => import('../features/admin/pages/admin-dashboard-page'),
          (m) => m.AdminDashboardPage,
        ),
      },
      {
        path: 'users',
        lazy: page(
          () => import('../features/admin/pages/admin-users-page'),
          (m) => m.AdminUsersPage,
        ),
      },
      {
        path: 'users/:userId',
        lazy: page(
          () => import('../features/admin/pages/admin-user-detail-page'),
          (m) => m.AdminUserDetailPage,
        ),
      },
      {
        path: 'games',
        lazy: page(
          () => import('../features/admin/pages/admin-games-page'),
          (m) => m.AdminGamesPage,
        ),
      },
      {
        path: 'games/new',
        lazy: page(
          () => import('../features/admin/pages/admin-game-form-page'),
          (m) => m.AdminGameFormPage,
        ),
      },
      {
        path: 'games/:gameId',
        lazy: page(
          () => import('../features/admin/pages/admin-game-form-page'),
          (m) => m.AdminGameFormPage,
        ),
      },
      {
        path: 'games/:gameId/dia-do-jogo',
        lazy: page(
          () => import('../features/my-games/pages/game-day-page'),
          (m) => m.AdminGameDayPage,
        ),
      },
      {
        path: 'cancellations',
        lazy: page(
          () => import('../features/admin/pages/admin-cancellations-page'),
          (m) => m.AdminCancellationsPage,
        ),
      },
      {
        path: 'payouts',
        lazy: page(
          () => import('../features/admin/pages/admin-payouts-page'),
          (m) => m.AdminPayoutsPage,
        ),
      },
      {
        path: 'cities',
        lazy: page(
          () => import('../features/admin/pages/admin-cities-page'),
          (m) => m.AdminCitiesPage,
        ),
      },
      {
        path: 'turmas',
        lazy: page(
          () => import('../features/admin/pages/admin-groups-page'),
          (m) => m.AdminGroupsPage,
        ),
      },
      { path: '*', element: <Navigate to="/admin" replace /> },
    ],
  },
  { path: '*', element: <Navigate to="/admin" replace /> },
];

/**
 * A signed-in page opened by a visitor (a link from an e-mail, a bookmark): the sign-in form in its place, at the same
 * address, which the app then shows once signed in (features/auth/api.ts), instead of sending the visitor to /.
 */
const signInHere = page(
  () => import('../features/auth/pages/login-page'),
  (m) => m.LoginPage,
);

/** The visitor's games list, also at the player's address (/games), so a link shared by a player opens the list. */
const publicGames = page(
  () => import('../features/games/pages/games-page'),
  (m) => m.PublicGamesPage,
);

const visitorPages: RouteObject[] = [
  {
    index: true,
    handle: hydrateOnInteraction,
    lazy: page(
      () => import('../features/landing/pages/landing-page'),
      (m) => m.LandingPage,
    ),
  },
  { path: 'public-games', handle: hydrateOnInteraction, lazy: publicGames },
  { path: 'games', handle: hydrateOnInteraction, lazy: publicGames },
  {
    path: 'terms',
    handle: hydrateOnInteraction,
    lazy: page(
      () => import('../features/static-pages/pages/terms-page'),
      (m) => m.TermsPage,
    ),
  },
  {
    path: 'privacy',
    handle: hydrateOnInteraction,
    lazy: page(
      () => import('../features/static-pages/pages/privacy-page'),
      (m) => m.PrivacyPage,
    ),
  },
  {
    path: 'support',
    handle: hydrateOnInteraction,
    lazy: page(
      () => import('../features/static-pages/pages/support-page'),
      (m) => m.SupportPage,
    ),
  },
  {
    path: 'login',
    handle: hydrateOnInteraction,
    lazy: page(
      () => import('../features/auth/pages/login-page'),
      (m) => m.LoginPage,
    ),
  },
  {
    path: 'register',
    handle: hydrateOnInteraction,
    lazy: page(
      () => import('../features/auth/pages/register-page'),
      (m) => m.RegisterPage,
    ),
  },
  { path: 'forgot', handle: hydrateOnInteraction, lazy: forgot },
  { path: 'forgot-password', handle: hydrateOnInteraction, lazy: forgot },
  {
    path: 'reset-password',
    lazy: page(
      () => import('../features/auth/pages/reset-password-page'),
      (m) => m.ResetPasswordPage,
    ),
  },
  { path: 'apply/:gameId', handle: hydrateOnInteraction, lazy: gameDetails },
  { path: 't/:slug', handle: hydrateOnInteraction, lazy: groupPage },
  privateGame,
];

const visitorPaths = new Set(visitorPages.map((route) => route.path));

/** The player's and the administrator's own pages, each answered with the sign-in form in place for a visitor. */
const signInHerePages: RouteObject[] = [
  ...(playerRoutes[0]!.children ?? [])
    .map((route) => route.path)
    .filter((path) => path !== undefined && path !== '*' && !visitorPaths.has(path)),
  'admin/*',
].map((path) => ({ path, handle: hydrateOnInteraction, lazy: signInHere }));

/** Visitor tree (spec: players §2); an address of no page goes to /. */
export const visitorRoutes: RouteObject[] = [
  {
    path: '/',
    Component: PublicLayout,
    HydrateFallback: FullPageLoader,
    ErrorBoundary: RouteErrorPage,
    children: [...visitorPages, ...signInHerePages, { path: '*', element: <Navigate to="/" replace /> }],
  },
];

export const routesBySession: Record<SessionKind, RouteObject[]> = {
  visitor: visitorRoutes,
  player: playerRoutes,
  admin: adminRoutes,
};
