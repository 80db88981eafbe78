import type { NotificationType } from './notification.types.ts';

// What staff are told when something starts waiting for them (decisions.md "Talking to everyone"):
// sign-ups to administrators; listings, reports and problems on orders to administrators and moderators.

/** The kinds of item that wait for the administration; each source of pending items names one. */
export type PendingItemKind = 'sign_up' | 'listing' | 'report' | 'problem';

export const PENDING_ITEM_NOTIFICATIONS: Record<
  PendingItemKind,
  { type: NotificationType; audience: readonly ('admin' | 'moderator')[]; text: (label: string) => { title: string; message: string } }
> = {
  sign_up: {
    type: 'pending_sign_up',
    // People's data is administrators' business (decisions.md "Identity, roles, approval").
    audience: ['admin'],
    text: (fullName) => ({ title: 'Novo cadastro aguardando aprovação', message: `${fullName} se cadastrou e aguarda a sua análise.` }),
  },
  listing: {
    type: 'pending_listing',
    audience: ['admin', 'moderator'],
    text: (title) => ({ title: 'Anúncio aguardando aprovação', message: `O anúncio "${title}" aguarda a sua análise.` }),
  },
  report: {
    type: 'pending_report',
    audience: ['admin', 'moderator'],
    text: (what) => ({ title: 'Nova denúncia', message: `Denúncia de ${what}. Aguarda a sua análise.` }),
  },
  problem: {
    type: 'pending_problem',
    audience: ['admin', 'moderator'],
    text: (kind) => ({ title: 'Novo problema em pedido', message: `Problema (${kind}) aberto num pedido. Aguarda a sua análise.` }),
  },
};

/** How a report's staff notice names a reported listing (anonymisation writes it again with the erased title). */
export const reportedListingLabel = (title: string) => `um anúncio ("${title}")`;

/** Where each staff notification leads in /admin: the pendencies, or the reports. */
export const PENDING_ITEM_HREFS: Partial<Record<NotificationType, string>> = {
  pending_sign_up: '/admin',
  pending_listing: '/admin',
  pending_report: '/admin?secao=denuncias',
  pending_problem: '/admin?secao=problemas',
};
