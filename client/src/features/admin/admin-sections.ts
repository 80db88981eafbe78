// The /admin sections, as the address names them (?secao=): the route's search validation sits in the
// entry chunk, so this module is apart from the inputs its page prefetches (docs/decisions/013-first-screen.md).

export const ADMIN_SECTIONS = ['pendencias', 'denuncias', 'problemas', 'usuarios', 'anunciantes', 'anuncios', 'pedidos', 'atividade', 'cobrancas'] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];
