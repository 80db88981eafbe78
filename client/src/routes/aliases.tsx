import { createRoute, redirect } from '@tanstack/react-router';
import { rootRoute } from './root.tsx';

/** /alugueis/{id}: the product's second reading of the rental detail route. */
export const rentalDetailAliasRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/alugueis/$id',
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/item/$id', params: { id: params.id }, replace: true });
  },
});

/** /criar-anuncio?edit={id}: the product's second reading of the create/edit route. */
export const createListingAliasRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/criar-anuncio',
  validateSearch: (search: Record<string, unknown>): { edit?: string } => ({
    edit: typeof search.edit === 'string' || typeof search.edit === 'number' ? String(search.edit) : undefined,
  }),
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/anuncios/criar', search: { edit: search.edit }, replace: true });
  },
});

/** /invite/{code}: the spec's English form of the invite link. */
export const inviteLinkAliasRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/invite/$code',
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/convite/$code', params: { code: params.code }, replace: true });
  },
});
