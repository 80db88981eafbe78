import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { ErrorScreen } from './components/layout/error-screen.tsx';
import { PendingScreen } from './components/layout/pending-screen.tsx';
import type { RouterContext } from './lib/router-context.ts';
import { adminRoute } from './routes/admin.tsx';
import { createListingAliasRoute, inviteLinkAliasRoute, rentalDetailAliasRoute } from './routes/aliases.tsx';
import { helpRoute } from './routes/ajuda.tsx';
import { announcementsRoute } from './routes/comunicados.tsx';
import { listingDetailRoute } from './routes/anuncio-detalhe.tsx';
import { myListingsRoute } from './routes/anuncios.tsx';
import { createListingRoute } from './routes/anuncios-criar.tsx';
import { appLayoutRoute } from './routes/app-layout.tsx';
import { authRoute } from './routes/auth.tsx';
import { foodRoute, rentalsRoute, searchRoute, servicesRoute } from './routes/browse.tsx';
import { billingsRoute } from './routes/cobrancas.tsx';
import { settingsRoute } from './routes/configuracoes.tsx';
import { inviteLinkRoute } from './routes/convite.tsx';
import { signInLinkRoute } from './routes/entrar-com-link.tsx';
import { invitesRoute } from './routes/convites.tsx';
import { receivedOrdersRoute } from './routes/gerenciar-pedidos.tsx';
import { fornadaListRoute } from './routes/fornada.tsx';
import { foodDetailRoute, rentalDetailRoute, serviceDetailRoute } from './routes/listing-detail.tsx';
import { homeRoute } from './routes/index.tsx';
import { myOrdersRoute } from './routes/meus-pedidos.tsx';
import { inboxRoute } from './routes/mensagens.tsx';
import { notificationsRoute } from './routes/notificacoes.tsx';
import { paymentsRoute } from './routes/pagamentos.tsx';
import { conversationRoute } from './routes/pedido-conversa.tsx';
import { pendingApprovalRoute } from './routes/pending-approval.tsx';
import { portariaRoute } from './routes/portaria.tsx';
import { profileRoute } from './routes/perfil.tsx';
import { privacyRoute } from './routes/privacidade.tsx';
import { resetPasswordRoute } from './routes/redefinir-senha.tsx';
import { rootRoute } from './routes/root.tsx';
import { aboutRoute } from './routes/sobre.tsx';
import { neighbourRoute } from './routes/vizinho.tsx';
import { savedRoute } from './routes/salvos.tsx';
import { wantedDetailRoute, wantedListRoute } from './routes/procura-se.tsx';

const routeTree = rootRoute.addChildren([
  // Public
  authRoute,
  inviteLinkRoute,
  resetPasswordRoute,
  signInLinkRoute,
  pendingApprovalRoute,
  portariaRoute,
  rentalDetailAliasRoute,
  createListingAliasRoute,
  inviteLinkAliasRoute,
  // Signed in and approved
  appLayoutRoute.addChildren([
    homeRoute,
    neighbourRoute,
    searchRoute,
    savedRoute,
    wantedListRoute,
    wantedDetailRoute,
    rentalsRoute,
    foodRoute,
    servicesRoute,
    profileRoute,
    myListingsRoute,
    createListingRoute,
    listingDetailRoute,
    billingsRoute,
    rentalDetailRoute,
    foodDetailRoute,
    serviceDetailRoute,
    settingsRoute,
    privacyRoute,
    notificationsRoute,
    inboxRoute,
    announcementsRoute,
    paymentsRoute,
    invitesRoute,
    helpRoute,
    aboutRoute,
    myOrdersRoute,
    receivedOrdersRoute,
    conversationRoute,
    fornadaListRoute,
    adminRoute,
  ]),
]);

/**
 * After each render the router puts the window at the top, or where a back or forward left it. On a page
 * the server drew, the person may have scrolled before the app ran (seconds on a slow phone): its first
 * render keeps their scroll, or a tap meant for what they scrolled to lands on what comes up instead.
 */
function restoresScrollAfterTheFirstRender(): () => boolean {
  let first = true;
  return () => {
    if (!first) return true;
    first = false;
    return false;
  };
}

/**
 * The app's router. The browser has one (main.tsx); the server makes one per page it renders
 * (server-render.tsx: a memory history at the page's address, the page's own query cache).
 * `drawnPage`: the browser's page came drawn by the server (its first render keeps the scroll).
 */
export function createAppRouter(context: RouterContext, options: { history?: RouterHistory; isServer?: boolean; drawnPage?: boolean } = {}) {
  return createRouter({
    routeTree,
    context,
    history: options.history,
    isServer: options.isServer,
    // React Query owns caching; the router only waits for loaders to warm it.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PendingScreen,
    // Inside the root layout, so the offline banner and the toasts stay on screen.
    defaultErrorComponent: ErrorScreen,
    // On the server the router would render an inline script for it, which the CSP refuses (and the browser's tree has not).
    scrollRestoration: options.isServer ? false : options.drawnPage ? restoresScrollAfterTheFirstRender() : true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

declare module '@tanstack/history' {
  interface HistoryState {
    /** A conversation opened from /mensagens: its back arrow returns there (kept by the history entry, a reload included). */
    fromInbox?: boolean;
  }
}
