import type { ListingFilter, ListingType } from '@vizinhanca/shared/listings/listing.schema';

/** The three public screens (docs/product.md §10.6-§10.7): what changes from one type to another. */
export interface ListingKind {
  type: ListingType;
  listPath: '/alugueis' | '/comidas' | '/servicos';
  detailPath: '/item/$id' | '/food/$id' | '/service/$id';
  title: string;
  listName: string;
  detailTitle: string;
  searchPlaceholder: string;
  emptyMessage: string;
  notFoundMessage: string;
  orderLabel: string;
  listerHeading: string;
  deliveryHeading: string;
  chips: readonly { filter: ListingFilter; label: string }[];
}

const AVAILABLE_CHIPS = [
  { filter: 'all', label: 'Todos' },
  { filter: 'available', label: 'Disponível' },
] as const;

export const LISTING_KINDS: Record<ListingType, ListingKind> = {
  rental: {
    type: 'rental',
    listPath: '/alugueis',
    detailPath: '/item/$id',
    title: 'Aluguéis',
    listName: 'Itens para alugar',
    detailTitle: 'Detalhes do Item',
    searchPlaceholder: 'Buscar itens para alugar',
    emptyMessage: 'Nenhum item disponível no momento',
    notFoundMessage: 'Item não encontrado',
    orderLabel: 'Solicitar Aluguel',
    listerHeading: 'Anunciante',
    deliveryHeading: 'Retirada e entrega',
    chips: AVAILABLE_CHIPS,
  },
  food: {
    type: 'food',
    listPath: '/comidas',
    detailPath: '/food/$id',
    title: 'Comidas',
    listName: 'Comidas dos vizinhos',
    detailTitle: 'Detalhes do Prato',
    searchPlaceholder: 'Buscar comidas',
    emptyMessage: 'Nenhuma comida disponível no momento',
    notFoundMessage: 'Prato não encontrado',
    orderLabel: 'Fazer Pedido',
    listerHeading: 'Anunciante',
    deliveryHeading: 'Formas de entrega',
    chips: [
      { filter: 'all', label: 'Todos' },
      { filter: 'ready', label: 'Pronto' },
      { filter: 'advance', label: 'Sob Encomenda' },
    ],
  },
  service: {
    type: 'service',
    listPath: '/servicos',
    detailPath: '/service/$id',
    title: 'Serviços',
    listName: 'Serviços dos vizinhos',
    detailTitle: 'Detalhes do Serviço',
    searchPlaceholder: 'Buscar serviços',
    emptyMessage: 'Nenhum serviço disponível no momento',
    notFoundMessage: 'Serviço não encontrado',
    orderLabel: 'Solicitar Serviço',
    listerHeading: 'Prestador',
    deliveryHeading: 'Atendimento',
    chips: AVAILABLE_CHIPS,
  },
};

/** Shown when a listing has no photo or its photo fails to load (client/public/images). */
export function fallbackImage(type: ListingType): string {
  return `/images/listing-${type}.svg`;
}

/** 'Apto A-101', or '---' when the owner gave no apartment (docs/product.md §10.6). */
export function apartmentText(apartment: string | null): string {
  return apartment ? `Apto ${apartment}` : '---';
}
