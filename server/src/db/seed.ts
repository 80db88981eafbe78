import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { todayInTimeZone } from '@vizinhanca/shared/format/format';
import type { DeliveryOption, ListingStatus, ListingType, PriceUnit } from '@vizinhanca/shared/listings/listing.schema';
import { addDays, orderTotalCents, rentalDays } from '@vizinhanca/shared/orders/order.rules';
import { FORNADA_NOTIFICATIONS } from '@vizinhanca/shared/fornadas/fornada.schema';
import { instantInZone } from '@vizinhanca/shared/fornadas/fornada.rules';
import { REMINDER_NOTIFICATIONS } from '@vizinhanca/shared/notifications/reminder.messages';
import { ORDER_NOTIFICATIONS, type OrderStatus } from '@vizinhanca/shared/orders/order.schema';
import type { PixKeyType } from '@vizinhanca/shared/pix/pix-key.schema';
import type { Role } from '@vizinhanca/shared/users/user.types';
import { hashPassword } from '../auth/crypto.ts';
import { DEMO_PHOTOS_DIR } from '../paths.ts';
import type { AppDeps } from '../context.ts';
import type { Db } from './database.ts';
import { uploadImage } from '../modules/images/images.service.ts';
import * as audit from '../modules/audit/audit.repository.ts';
import * as billing from '../modules/billing/billing.repository.ts';
import * as invites from '../modules/invites/invites.repository.ts';
import * as listings from '../modules/listings/listings.repository.ts';
import * as messages from '../modules/messages/messages.repository.ts';
import * as fornadas from '../modules/orders/fornadas.repository.ts';
import * as notifications from '../modules/notifications/notifications.repository.ts';
import * as orders from '../modules/orders/orders.repository.ts';
import * as pix from '../modules/pix/pix.repository.ts';
import * as reviews from '../modules/reviews/reviews.repository.ts';
import * as users from '../modules/users/users.repository.ts';

export interface DemoLogin {
  role: string;
  name: string;
  email: string;
  password: string;
}

export const DEMO_ADMIN_PASSWORD = 'admin-vizinhanca';
export const DEMO_RESIDENT_PASSWORD = 'morador-vizinhanca';

interface DemoUser {
  fullName: string;
  email: string;
  cpf: string;
  phone: string;
  block: string;
  apartment: string;
  status: 'approved' | 'pending';
  roles: Role[];
  password: string;
  label: string;
}

/** The demo people (realistic pt-BR). */
export const DEMO_USERS: DemoUser[] = [
  { label: 'Administradora', fullName: 'Carla Mendes', email: 'admin@vizinhanca.app', cpf: '39053344705', phone: '11991234567', block: 'ADM', apartment: '1', status: 'approved', roles: ['admin'], password: DEMO_ADMIN_PASSWORD },
  { label: 'Moderador', fullName: 'Rafael Oliveira', email: 'moderador@vizinhanca.app', cpf: '11144477735', phone: '11992345678', block: 'A', apartment: '12', status: 'approved', roles: ['moderator'], password: DEMO_RESIDENT_PASSWORD },
  { label: 'Moradora', fullName: 'Ana Beatriz Souza', email: 'ana@vizinhanca.app', cpf: '52998224725', phone: '11987654321', block: 'A', apartment: '101', status: 'approved', roles: [], password: DEMO_RESIDENT_PASSWORD },
  { label: 'Morador', fullName: 'Bruno Costa Lima', email: 'bruno@vizinhanca.app', cpf: '86288366757', phone: '11976543210', block: 'B', apartment: '204', status: 'approved', roles: [], password: DEMO_RESIDENT_PASSWORD },
  { label: 'Moradora', fullName: 'Juliana Pereira', email: 'juliana@vizinhanca.app', cpf: '71428793860', phone: '11965432109', block: 'C', apartment: '302', status: 'approved', roles: [], password: DEMO_RESIDENT_PASSWORD },
  { label: 'Cadastro pendente', fullName: 'Pedro Henrique Santos', email: 'pedro@vizinhanca.app', cpf: '24843803480', phone: '11954321098', block: 'D', apartment: '11', status: 'pending', roles: [], password: DEMO_RESIDENT_PASSWORD },
];

export function demoLogins(): DemoLogin[] {
  return DEMO_USERS.map((user) => ({ role: user.label, name: user.fullName, email: user.email, password: user.password }));
}

interface DemoListing {
  owner: string;
  type: ListingType;
  title: string;
  description: string;
  priceCents: number;
  priceUnit: PriceUnit;
  tags: string[];
  deliveryOptions: DeliveryOption[];
  requiresAdvanceOrder?: boolean;
  minimumNoticeHours?: number;
  /** Food: the most portions per order. */
  maxPortions?: number;
  /** Rentals: the deposit asked (caução). */
  depositCents?: number;
  photo: string;
  status: ListingStatus;
  /** Days since the administration approved it (expiry is 30 days after). */
  publishedDaysAgo?: number;
}

const DAY_MS = 24 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;
/**
 * When a demo person signed up: the approved ones 40 days ago (approved the next day); Pedro, still pending,
 * two days ago, through Ana's invite (DEMO_INVITES). The users' rows and the administration's log say the same.
 */
function signedUpDaysAgo(user: DemoUser): number {
  return user.status === 'pending' ? 2 : 40;
}

/** Listings of every type: most active, some pending, one expiring in 3 days, one expired. */
export const DEMO_LISTINGS: DemoListing[] = [
  { owner: 'ana@vizinhanca.app', type: 'rental', title: 'Furadeira de impacto Bosch', description: 'Furadeira 650W com maleta, brocas para parede, madeira e metal. Ideal para pendurar quadros e prateleiras.', priceCents: 1500, priceUnit: 'day', tags: ['ferramentas'], deliveryOptions: ['pickup'], photo: 'furadeira', status: 'active', publishedDaysAgo: 2 },
  { owner: 'ana@vizinhanca.app', type: 'food', title: 'Bolo de cenoura com cobertura de chocolate', description: 'Bolo caseiro fofinho, feito na hora, com cobertura de brigadeiro. Serve 10 fatias.', priceCents: 3500, priceUnit: 'unit', tags: ['doces', 'caseiro'], deliveryOptions: ['pickup', 'delivery'], photo: 'bolo-de-cenoura', status: 'active', publishedDaysAgo: 1 },
  { owner: 'bruno@vizinhanca.app', type: 'rental', title: 'Bicicleta aro 29 com capacete', description: 'Mountain bike 21 marchas, revisada, com capacete e cadeado. Ótima para passear no parque.', priceCents: 2500, priceUnit: 'day', tags: ['esporte', 'lazer'], deliveryOptions: ['pickup'], depositCents: 20000, photo: 'bicicleta', status: 'active', publishedDaysAgo: 27 },
  { owner: 'bruno@vizinhanca.app', type: 'service', title: 'Aulas de violão para iniciantes', description: 'Aulas individuais de violão popular, do primeiro acorde às músicas favoritas. Levo material didático.', priceCents: 6000, priceUnit: 'hour', tags: ['música', 'aulas'], deliveryOptions: ['pickup', 'delivery', 'scheduled'], photo: 'aulas-de-violao', status: 'active', publishedDaysAgo: 5 },
  { owner: 'bruno@vizinhanca.app', type: 'rental', title: 'Escada de alumínio 7 degraus', description: 'Escada dobrável e leve, aguenta até 120 kg. Perfeita para trocar lâmpadas e pintar.', priceCents: 1000, priceUnit: 'day', tags: ['ferramentas'], deliveryOptions: ['pickup'], photo: 'escada', status: 'pending' },
  { owner: 'juliana@vizinhanca.app', type: 'food', title: 'Marmitas fit da semana (5 unidades)', description: 'Frango grelhado, arroz integral e legumes no vapor. Congeladas, prontas para o micro-ondas.', priceCents: 8900, priceUnit: 'unit', tags: ['saudável', 'marmita'], deliveryOptions: ['delivery', 'scheduled'], requiresAdvanceOrder: true, minimumNoticeHours: 48, maxPortions: 10, photo: 'marmita', status: 'active', publishedDaysAgo: 3 },
  { owner: 'juliana@vizinhanca.app', type: 'service', title: 'Passeio com cachorros', description: 'Passeio de 45 minutos pela praça, com água e saquinhos. Cães de pequeno e médio porte.', priceCents: 3000, priceUnit: 'service', tags: ['pets'], deliveryOptions: ['delivery', 'scheduled'], photo: 'passeio-com-caes', status: 'active', publishedDaysAgo: 10 },
  { owner: 'juliana@vizinhanca.app', type: 'food', title: 'Cento de coxinhas para festa', description: 'Coxinhas de frango com catupiry, fritas ou congeladas para você fritar na hora da festa.', priceCents: 9000, priceUnit: 'unit', tags: ['salgados', 'festa'], deliveryOptions: ['pickup', 'scheduled'], requiresAdvanceOrder: true, minimumNoticeHours: 72, photo: 'coxinhas', status: 'pending' },
  { owner: 'juliana@vizinhanca.app', type: 'rental', title: 'Carrinho de bebê Galzerano', description: 'Carrinho reclinável com capota e cesto. Higienizado, em ótimo estado.', priceCents: 2000, priceUnit: 'day', tags: ['bebê'], deliveryOptions: ['pickup'], photo: 'carrinho-de-bebe', status: 'active', publishedDaysAgo: 35 },
];

interface DemoOrder {
  listing: string;
  requester: string;
  status: OrderStatus;
  /** Rentals: first and last day, in days from today in the condominium's zone. */
  period?: [number, number];
  deliveryMethod?: DeliveryOption;
  deliveryAddress?: string;
  /** Food and services: the scheduled time, in days from now. */
  scheduledInDays?: number;
  createdDaysAgo: number;
  message?: string;
  rejectionReason?: string;
  /** The requester's review of the owner. */
  review?: { rating: number; comment: string };
  /** The order's conversation: who wrote, how long ago, and whether the other side read it. */
  messages?: { from: 'requester' | 'owner'; text: string; hoursAgo: number; read: boolean }[];
  /** The owner's review of the requester (both written: both shown). */
  ownerReview?: { rating: number; comment: string };
  /** Food: portions ordered. */
  quantity?: number;
}

/** Pix keys of owners, so 'Pagar com Pix' shows on their approved orders (Bruno has none: the demo shows both cases). */
export const DEMO_PIX_KEYS: { email: string; type: PixKeyType; key: string }[] = [
  { email: 'ana@vizinhanca.app', type: 'email', key: 'ana@vizinhanca.app' },
  { email: 'juliana@vizinhanca.app', type: 'phone', key: '+5511965432109' },
];

/**
 * Orders in every status among the residents: an in_progress rental returning
 * tomorrow, completed orders with reviews (Bruno and Juliana show a real rating,
 * Ana reads 'Novo'), one completed order still waiting for its review.
 */
export const DEMO_ORDERS: DemoOrder[] = [
  {
    listing: 'Bicicleta aro 29 com capacete',
    requester: 'juliana@vizinhanca.app',
    status: 'in_progress',
    period: [-2, 1],
    createdDaysAgo: 4,
    message: 'Oi Bruno! Quero levar as crianças ao parque no fim de semana.',
    messages: [{ from: 'requester', text: 'Bruno, devolvo a bicicleta amanhã depois das 18h, tudo bem?', hoursAgo: 2, read: false }],
  },
  {
    listing: 'Furadeira de impacto Bosch',
    requester: 'bruno@vizinhanca.app',
    status: 'approved',
    period: [3, 4],
    createdDaysAgo: 1,
    message: 'Preciso pendurar umas prateleiras. Posso buscar de manhã?',
    messages: [
      { from: 'requester', text: 'Oi Ana! Posso buscar a furadeira às 9h do primeiro dia?', hoursAgo: 20, read: true },
      { from: 'owner', text: 'Pode sim, Bruno! Estou no A-101. Dá para pagar pelo Pix aqui no app.', hoursAgo: 19, read: false },
    ],
  },
  { listing: 'Furadeira de impacto Bosch', requester: 'juliana@vizinhanca.app', status: 'pending', period: [7, 9], createdDaysAgo: 0, message: 'Vou montar os móveis do quarto do bebê.' },
  { listing: 'Bicicleta aro 29 com capacete', requester: 'ana@vizinhanca.app', status: 'completed', period: [-10, -8], createdDaysAgo: 12, review: { rating: 5, comment: 'Bicicleta impecável e o Bruno foi super atencioso. Recomendo!' }, ownerReview: { rating: 5, comment: 'A Ana devolveu a bicicleta limpinha e no horário.' } },
  { listing: 'Marmitas fit da semana (5 unidades)', requester: 'bruno@vizinhanca.app', status: 'completed', deliveryMethod: 'delivery', deliveryAddress: 'Bloco B, apto 204', createdDaysAgo: 8, quantity: 2, review: { rating: 4, comment: 'Marmitas gostosas e bem temperadas. Chegaram no horário combinado.' }, ownerReview: { rating: 5, comment: 'O Bruno estava em casa no horário combinado. Ótimo cliente!' } },
  { listing: 'Passeio com cachorros', requester: 'ana@vizinhanca.app', status: 'completed', deliveryMethod: 'delivery', deliveryAddress: 'Bloco A, apto 101 (interfone 101)', createdDaysAgo: 6, review: { rating: 5, comment: 'A Juliana é ótima com o Thor, ele voltou felizão!' }, ownerReview: { rating: 4, comment: 'O Thor é um amor, só esqueceram a guia reserva.' } },
  { listing: 'Bolo de cenoura com cobertura de chocolate', requester: 'juliana@vizinhanca.app', status: 'completed', deliveryMethod: 'pickup', createdDaysAgo: 3, message: 'É para o aniversário da minha mãe!' },
  { listing: 'Aulas de violão para iniciantes', requester: 'juliana@vizinhanca.app', status: 'rejected', deliveryMethod: 'pickup', createdDaysAgo: 5, rejectionReason: 'Estou sem horários livres nesta semana. Podemos tentar no mês que vem?' },
  { listing: 'Bolo de cenoura com cobertura de chocolate', requester: 'bruno@vizinhanca.app', status: 'cancelled', deliveryMethod: 'delivery', deliveryAddress: 'Bloco B, apto 204', createdDaysAgo: 2 },
  { listing: 'Marmitas fit da semana (5 unidades)', requester: 'ana@vizinhanca.app', status: 'pending', deliveryMethod: 'scheduled', scheduledInDays: 3, createdDaysAgo: 0, quantity: 3, message: 'Sem cebola, por favor.' },
  { listing: 'Aulas de violão para iniciantes', requester: 'ana@vizinhanca.app', status: 'pending', deliveryMethod: 'scheduled', scheduledInDays: 4, createdDaysAgo: 0, message: 'Nunca toquei, quero aprender do zero.' },
  { listing: 'Passeio com cachorros', requester: 'bruno@vizinhanca.app', status: 'approved', deliveryMethod: 'scheduled', scheduledInDays: 1, createdDaysAgo: 1 },
];

/**
 * What a resident finds in the centre: the owner told of a new request (unread),
 * the requester of an approval (read), and the bicycle's return tomorrow (unread,
 * with the reminder job's key, so the job does not send it again). Written as
 * rows, not through notify(): the demo must not e-mail or push anyone.
 */
async function seedOrderNotifications(
  db: Db,
  o: {
    id: string;
    order: DemoOrder;
    listingTitle: string;
    listingType: ListingType;
    ownerId: string;
    renterId: string;
    startDate: string | null;
    endDate: string | null;
    createdAt: Date;
    now: number;
  },
) {
  const rows: notifications.NewNotification[] = [];
  const requester = DEMO_USERS.find((user) => user.email === o.order.requester)!.fullName;
  if (o.order.status === 'pending') {
    const text = ORDER_NOTIFICATIONS.created({
      requesterName: requester,
      listingTitle: o.listingTitle,
      type: o.listingType,
      startDate: o.startDate,
      endDate: o.endDate,
      quantity: o.order.quantity ?? 1,
    });
    rows.push({ userId: o.ownerId, type: 'order_status', relatedId: o.id, history: { read: false, createdAt: o.createdAt }, ...text });
  }
  if (o.order.status === 'approved') {
    const history = { read: true, createdAt: new Date(o.createdAt.getTime() + 2 * HOUR_MS) };
    rows.push({ userId: o.renterId, type: 'order_status', relatedId: o.id, history, ...ORDER_NOTIFICATIONS.approved(o.listingTitle) });
  }
  // An in-progress rental that ends tomorrow (the bicycle): the day-before reminder.
  if (o.order.status === 'in_progress' && o.endDate && o.order.period?.[1] === 1) {
    const ownerEmail = DEMO_LISTINGS.find((listing) => listing.title === o.order.listing)!.owner;
    const owner = DEMO_USERS.find((user) => user.email === ownerEmail)!.fullName;
    rows.push({
      userId: o.renterId,
      type: 'reminder_return',
      relatedId: o.id,
      history: { read: false, createdAt: new Date(o.now - 2 * HOUR_MS) },
      dedupeKey: `return-eve:${o.id}`,
      ...REMINDER_NOTIFICATIONS.returnTomorrow(o.listingTitle, owner, o.endDate),
    });
  }
  for (const row of rows) await notifications.insertNotification(db, row, new Date(o.now));
}

/**
 * Ana's batch of carrot cakes in 3 days (afternoon pickup or delivery, orders until the day
 * before at 18h): Bruno and Juliana reserved, and Juliana follows Ana's batches.
 */
export const DEMO_FORNADA = {
  listing: 'Bolo de cenoura com cobertura de chocolate',
  inDays: 3,
  window: ['15:00', '17:00'] as const,
  deadlineTime: '18:00',
  portions: 8,
  reservations: [
    { requester: 'bruno@vizinhanca.app', quantity: 2, deliveryMethod: 'delivery' as const, deliveryAddress: 'Bloco B, apto 204', hoursAgo: 20 },
    { requester: 'juliana@vizinhanca.app', quantity: 1, deliveryMethod: 'pickup' as const, deliveryAddress: null, hoursAgo: 5 },
  ],
  followers: ['juliana@vizinhanca.app'],
};

/** The demo's batch, its reservations (approved orders, the trigger takes their portions) with Ana's notices, and her follower. */
async function seedFornada(
  deps: Pick<AppDeps, 'db' | 'config'>,
  o: { userIds: Map<string, string>; listing: { id: string; ownerId: string; priceCents: number }; now: number; today: string },
) {
  const timeZone = deps.config.CONDO_TIMEZONE;
  const day = addDays(o.today, DEMO_FORNADA.inDays);
  const startsAt = instantInZone(day, DEMO_FORNADA.window[0], timeZone);
  await deps.db.transaction().execute(async (trx) => {
    const { id } = await fornadas.insertFornada(trx, {
      listingId: o.listing.id,
      sellerId: o.listing.ownerId,
      day,
      startsAt,
      endsAt: instantInZone(day, DEMO_FORNADA.window[1], timeZone),
      orderDeadline: instantInZone(addDays(day, -1), DEMO_FORNADA.deadlineTime, timeZone),
      portions: DEMO_FORNADA.portions,
      createdAt: new Date(o.now - DAY_MS),
    });
    for (const reservation of DEMO_FORNADA.reservations) {
      const at = new Date(o.now - reservation.hoursAgo * HOUR_MS);
      const requester = DEMO_USERS.find((user) => user.email === reservation.requester)!;
      const orderId = randomUUID();
      await fornadas.insertReservation(trx, {
        id: orderId,
        fornadaId: id,
        listingId: o.listing.id,
        sellerId: o.listing.ownerId,
        requesterId: o.userIds.get(reservation.requester)!,
        quantity: reservation.quantity,
        totalCents: o.listing.priceCents * reservation.quantity,
        deliveryMethod: reservation.deliveryMethod,
        deliveryAddress: reservation.deliveryAddress,
        startsAt,
        message: null,
        at,
      });
      const text = FORNADA_NOTIFICATIONS.reserved({ requesterName: requester.fullName, listingTitle: DEMO_FORNADA.listing, quantity: reservation.quantity });
      await notifications.insertNotification(trx, { userId: o.listing.ownerId, type: 'order_status', relatedId: orderId, history: { read: false, createdAt: at }, ...text }, new Date(o.now));
    }
    for (const follower of DEMO_FORNADA.followers) await fornadas.follow(trx, o.listing.ownerId, o.userIds.get(follower)!, new Date(o.now - 2 * DAY_MS));
  });
}

/**
 * The moments that led to each status, after the order was made: a rental is
 * picked up on its first day and returned on its last; food and services a day
 * and two days after the order. Nothing lies in the future.
 */
/** Invites sent by Ana: accepted (Pedro), pending, and one past its 7 days (reads 'Expirado'). */
const DEMO_INVITES: { email: string; apartment: string | null; sentDaysAgo: number; accepted?: boolean }[] = [
  { email: 'pedro@vizinhanca.app', apartment: 'Apt D-11', sentDaysAgo: 3, accepted: true },
  { email: 'marina.rocha@exemplo.com', apartment: 'Apt 1205', sentDaysAgo: 2 },
  { email: 'tio.carlos@exemplo.com', apartment: 'Visitante', sentDaysAgo: 10 },
];

function demoOrderMoments(order: DemoOrder, now: number): Omit<orders.OrderHistory, 'status' | 'rejectionReason'> {
  const created = now - order.createdDaysAgo * DAY_MS - 3 * HOUR_MS;
  const past = (time: number) => new Date(Math.min(time, now - HOUR_MS));
  const reached = (statuses: OrderStatus[]) => statuses.includes(order.status);
  const delivered = order.period ? now + order.period[0] * DAY_MS : created + DAY_MS;
  const completed = order.period ? now + order.period[1] * DAY_MS : created + 2 * DAY_MS;
  const moments = {
    createdAt: new Date(created),
    approvedAt: reached(['approved', 'in_progress', 'completed']) ? past(created + 2 * HOUR_MS) : null,
    deliveredAt: reached(['in_progress', 'completed']) ? past(delivered) : null,
    completedAt: reached(['completed']) ? past(completed) : null,
    rejectedAt: reached(['rejected']) ? past(created + 4 * HOUR_MS) : null,
    cancelledAt: reached(['cancelled']) ? past(created + 5 * HOUR_MS) : null,
  };
  const latest = Math.max(...Object.values(moments).map((moment) => moment?.getTime() ?? 0));
  return { ...moments, updatedAt: new Date(latest) };
}

/** Seeds the demo data only when the database has no users at all. */
export async function seedDemoIfEmpty(deps: Pick<AppDeps, 'db' | 'logger' | 'storage' | 'config' | 'clock'>): Promise<boolean> {
  const userIds = await deps.db.transaction().execute(async (trx) => {
    // One seeder at a time, even with two replicas starting together.
    await sql`SELECT pg_advisory_xact_lock(827364)`.execute(trx);
    if (await users.hasAnyUser(trx)) return null;
    const hashes = new Map<string, string>();
    const ids = new Map<string, string>();
    // Every date the seed writes comes from the app's clock (CLOCK_START), none from the database's now().
    const at = (daysAgo: number) => new Date(deps.clock.now().getTime() - daysAgo * DAY_MS);
    for (const user of DEMO_USERS) {
      if (!hashes.has(user.password)) hashes.set(user.password, await hashPassword(user.password));
      const { id } = await users.insertUser(trx, {
        email: user.email,
        passwordHash: hashes.get(user.password)!,
        fullName: user.fullName,
        cpf: user.cpf,
        phone: user.phone,
        block: user.block,
        apartment: `${user.block}-${user.apartment}`,
        approvalStatus: user.status,
        createdAt: at(signedUpDaysAgo(user)),
        approvedAt: user.status === 'approved' ? at(signedUpDaysAgo(user) - 1) : undefined,
      });
      for (const role of user.roles) await users.grantRole(trx, id, role, at(signedUpDaysAgo(user) - 1));
      ids.set(user.email, id);
    }
    return ids;
  });
  if (!userIds) return false;

  // Photos go through the same re-encoding as uploads, into whichever storage is configured.
  const now = deps.clock.now().getTime();
  const listingIds = new Map<string, { id: string; ownerId: string; type: ListingType; priceCents: number; depositCents: number }>();
  for (const listing of DEMO_LISTINGS) {
    const ownerId = userIds.get(listing.owner)!;
    const publishedAt = listing.publishedDaysAgo === undefined ? null : new Date(now - listing.publishedDaysAgo * DAY_MS);
    // A pending one was sent an hour ago (as the administration's log says).
    const createdAt = publishedAt ?? new Date(now - HOUR_MS);
    const photo = await readFile(path.join(DEMO_PHOTOS_DIR, `${listing.photo}.jpg`));
    const image = await uploadImage(deps, { userId: ownerId, purpose: 'listing', bytes: photo, createdAt });
    const fields = {
      type: listing.type,
      title: listing.title,
      description: listing.description,
      priceCents: listing.priceCents,
      priceUnit: listing.priceUnit,
      tags: listing.tags,
      deliveryOptions: listing.deliveryOptions,
      imageIds: [image.id],
      requiresAdvanceOrder: listing.requiresAdvanceOrder ?? false,
      minimumNoticeHours: listing.requiresAdvanceOrder ? (listing.minimumNoticeHours ?? 24) : null,
      maxPortions: listing.maxPortions ?? null,
      pickupFrom: null,
      pickupUntil: null,
      depositCents: listing.depositCents ?? 0,
    };
    const { id } = await listings.insertListing(deps.db, ownerId, fields, createdAt, {
      status: listing.status,
      publishedAt,
      expiresAt: publishedAt ? new Date(publishedAt.getTime() + 30 * DAY_MS) : null,
      createdAt,
      // 'Enviado em' of a pending one reads this.
      updatedAt: publishedAt ?? createdAt,
    });
    // The cover (listings.image_id) follows from the photo at position 0.
    await listings.replacePhotos(deps.db, id, fields.imageIds);
    listingIds.set(listing.title, { id, ownerId, type: listing.type, priceCents: listing.priceCents, depositCents: fields.depositCents });
  }

  // Orders (and the reviews of completed ones) with dates relative to today in the condominium.
  const today = todayInTimeZone(deps.config.CONDO_TIMEZONE, new Date(now));
  await deps.db.transaction().execute(async (trx) => {
    for (const order of DEMO_ORDERS) {
      const listing = listingIds.get(order.listing)!;
      const renterId = userIds.get(order.requester)!;
      const startDate = order.period ? addDays(today, order.period[0]) : null;
      const endDate = order.period ? addDays(today, order.period[1]) : null;
      const days = startDate && endDate ? rentalDays(startDate, endDate) : null;
      const moments = demoOrderMoments(order, now);
      const { id } = await orders.insertOrder(
        trx,
        {
          listingId: listing.id,
          ownerId: listing.ownerId,
          renterId,
          totalCents: orderTotalCents(listing.type, listing.priceCents, days, order.quantity ?? 1),
          quantity: order.quantity ?? 1,
          startDate,
          endDate,
          deliveryMethod: order.deliveryMethod ?? 'pickup',
          deliveryAddress: order.deliveryAddress ?? null,
          scheduledAt: order.scheduledInDays === undefined ? null : new Date(Math.ceil((now + order.scheduledInDays * DAY_MS) / HOUR_MS) * HOUR_MS),
          message: order.message ?? null,
          createdAt: moments.createdAt,
          depositCents: listing.depositCents,
        },
        { status: order.status, rejectionReason: order.rejectionReason ?? null, ...moments },
      );
      for (const message of order.messages ?? []) {
        const [senderId, recipientId] = message.from === 'requester' ? [renterId, listing.ownerId] : [listing.ownerId, renterId];
        const at = new Date(now - message.hoursAgo * HOUR_MS);
        const readAt = message.read ? new Date(at.getTime() + HOUR_MS / 2) : null;
        await messages.insertOnce(trx, { orderId: id, senderId, recipientId, clientId: randomUUID(), body: message.text, createdAt: at, readAt });
      }
      await seedOrderNotifications(trx, {
        id,
        order,
        listingTitle: order.listing,
        listingType: listing.type,
        ownerId: listing.ownerId,
        renterId,
        startDate,
        endDate,
        createdAt: moments.createdAt,
        now,
      });
      // Both sides reviewed: both reviews show from the second one on.
      const reviewedAt = new Date(Math.min(moments.completedAt ? moments.completedAt.getTime() + 2 * HOUR_MS : now, now - 30 * 60 * 1000));
      const bothAt = order.review && order.ownerReview ? reviewedAt : null;
      const windowEnd = moments.completedAt ? new Date(moments.completedAt.getTime() + 14 * DAY_MS) : reviewedAt;
      const sides = [
        { review: order.review, reviewerId: renterId, revieweeId: listing.ownerId, role: 'owner' as const },
        { review: order.ownerReview, reviewerId: listing.ownerId, revieweeId: renterId, role: 'requester' as const },
      ];
      for (const side of sides) {
        if (!side.review) continue;
        await reviews.insertReview(trx, {
          orderId: id,
          reviewerId: side.reviewerId,
          revieweeId: side.revieweeId,
          revieweeRole: side.role,
          rating: side.review.rating,
          comment: side.review.comment,
          visibleAt: bothAt ?? windowEnd,
          createdAt: reviewedAt,
          history: { revealed: (bothAt ?? windowEnd).getTime() <= now },
        });
      }
    }
  });
  for (const pixKey of DEMO_PIX_KEYS) {
    await pix.upsertKey(deps.db, userIds.get(pixKey.email)!, pixKey.type, pixKey.key, new Date(now));
  }
  await seedFornada(deps, { userIds, listing: listingIds.get(DEMO_FORNADA.listing)!, now, today });
  await seedAdministration(deps.db, userIds, listingIds, now, today);
  // Ana's invites: Pedro came through one (the admin sees 'Convidado por'), one waits, one ran out.
  const anaId = userIds.get('ana@vizinhanca.app')!;
  const pedroId = userIds.get('pedro@vizinhanca.app')!;
  await deps.db.transaction().execute(async (trx) => {
    await users.setInvitedBy(trx, pedroId, anaId);
    for (const invite of DEMO_INVITES) {
      const createdAt = new Date(now - invite.sentDaysAgo * DAY_MS);
      await invites.insertInvite(trx, {
        inviterId: anaId,
        email: invite.email,
        apartment: invite.apartment,
        type: invite.apartment && !/visitante/i.test(invite.apartment) ? 'resident' : 'other',
        now: createdAt,
        expiresAt: new Date(createdAt.getTime() + 7 * DAY_MS),
        accepted: invite.accepted ? { userId: pedroId, at: new Date(createdAt.getTime() + DAY_MS) } : undefined,
      });
    }
  });
  // Bruno is away on days 10 and 11 from today: his bicycle cannot be ordered then.
  // Ana saved the violin lessons ('Salvos').
  const bicycle = listingIds.get('Bicicleta aro 29 com capacete')!;
  await listings.insertBlockedDays(
    deps.db,
    bicycle.id,
    [10, 11].map((offset) => addDays(today, offset)),
    new Date(now - DAY_MS),
  );
  await listings.insertFavorite(deps.db, userIds.get('ana@vizinhanca.app')!, listingIds.get('Aulas de violão para iniciantes')!.id, new Date(now - 2 * DAY_MS));
  deps.logger.info({ users: DEMO_USERS.length, listings: DEMO_LISTINGS.length, orders: DEMO_ORDERS.length }, 'demo data seeded');
  return true;
}

/**
 * The administration's history and billing: the sign-ups the admin approved and
 * the listings published, in Atividade; a paid charge and one pending (billing
 * is not active, so nothing is overdue and no listing is paused).
 */
async function seedAdministration(
  db: AppDeps['db'],
  userIds: Map<string, string>,
  listingIds: Map<string, { id: string; ownerId: string }>,
  now: number,
  today: string,
) {
  const adminId = userIds.get('admin@vizinhanca.app')!;
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY_MS);
  const entries: audit.NewAuditEntry[] = [];
  for (const user of DEMO_USERS) {
    if (user.roles.includes('admin')) continue;
    const id = userIds.get(user.email)!;
    entries.push({ actorId: id, action: 'user.signed_up', targetType: 'user', targetId: id, at: at(signedUpDaysAgo(user)) });
    if (user.status === 'approved') {
      entries.push({ actorId: adminId, action: 'user.approved', targetType: 'user', targetId: id, before: { approvalStatus: 'pending' }, after: { approvalStatus: 'approved' }, at: at(signedUpDaysAgo(user) - 1) });
    }
  }
  for (const listing of DEMO_LISTINGS) {
    const { id, ownerId } = listingIds.get(listing.title)!;
    const published = listing.publishedDaysAgo;
    entries.push({ actorId: ownerId, action: 'listing.created', targetType: 'listing', targetId: id, at: published === undefined ? at(1 / 24) : at(published + 0.1) });
    if (published !== undefined) {
      entries.push({ actorId: adminId, action: 'listing.approved', targetType: 'listing', targetId: id, before: { status: 'pending' }, after: { status: 'active' }, at: at(published) });
    }
  }
  // Oldest first, one after the other: the log pages by id, so ids must follow time.
  entries.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const entry of entries) await audit.insertEntry(db, entry);

  const bruno = userIds.get('bruno@vizinhanca.app')!;
  await billing.insertBilling(db, { userId: bruno, amountCents: 1990, dueDate: addDays(today, -20), autoRenewal: false, at: at(30), paidAt: at(22) });
  await billing.insertBilling(db, { userId: bruno, amountCents: 1990, dueDate: addDays(today, 10), autoRenewal: true, at: at(1) });
}
