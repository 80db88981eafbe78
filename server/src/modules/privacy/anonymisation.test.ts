import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_REDACTED_VALUE } from '@vizinhanca/shared/audit/audit.schema';
import { imageStorageKey } from '@vizinhanca/shared/images/image.rules';
import { PIX_MESSAGES } from '@vizinhanca/shared/pix/pix-key.schema';
import { EX_RESIDENT_NAME } from '@vizinhanca/shared/users/admin-users.schema';
import { createTestApp, eventually, expectError, type TestApp, type TestUser } from '../../../test/harness.ts';
import { editInputFrom } from '../../../test/admin-edit.ts';
import { hashPassword } from '../../auth/crypto.ts';
import { imageAccess, uploadImage } from '../images/images.service.ts';

// LGPD: after `admin.users.anonymize`, nothing the app holds names the person. Every
// column of every table of the app is classified here: personal (checked, after
// anonymising, to hold none of the person's values anywhere in the table) or not
// (with why). A new table or column fails this test until someone classifies it.

type Classification = 'personal' | `not personal: ${string}`;
const PERSONAL = 'personal';
const LINK = 'not personal: a row id or a link between rows (the anonymised row reads Ex-morador)';
const MOMENT = 'not personal: a moment of the record (when, not who)';
const KIND = 'not personal: a kind, status, switch or count the app chose';

const INVENTORY: Record<string, Record<string, Classification>> = {
  users: {
    id: LINK,
    email: PERSONAL,
    password_hash: PERSONAL,
    full_name: PERSONAL,
    cpf: PERSONAL,
    phone: PERSONAL,
    block: PERSONAL,
    apartment: PERSONAL,
    bio: PERSONAL,
    avatar_url: PERSONAL,
    approval_status: KIND,
    rejection_reason: PERSONAL,
    is_suspended: KIND,
    approved_at: MOMENT,
    anonymized_at: MOMENT,
    created_at: MOMENT,
    updated_at: MOMENT,
    invite_code: 'not personal: a random code, refused once the account is closed (only active residents share theirs)',
    invited_by: PERSONAL,
    rating_sum: KIND,
    rating_count: KIND,
    renter_rating_sum: KIND,
    renter_rating_count: KIND,
  },
  user_roles: { user_id: LINK, role: KIND, created_at: MOMENT },
  sessions: { id: PERSONAL, user_id: LINK, expires_at: MOMENT, created_at: MOMENT, ip: PERSONAL, user_agent: PERSONAL },
  password_reset_tokens: { token_hash: PERSONAL, user_id: LINK, expires_at: MOMENT, used_at: MOMENT, created_at: MOMENT },
  sign_in_links: { token_hash: PERSONAL, user_id: LINK, expires_at: MOMENT, used_at: MOMENT, created_at: MOMENT },
  login_attempts: { id: LINK, email: PERSONAL, ip: PERSONAL, succeeded: KIND, created_at: MOMENT },
  throttles: { key: PERSONAL, hits: KIND, window_started_at: MOMENT, blocked_until: MOMENT },
  login_devices: { token_hash: PERSONAL, user_id: LINK, created_at: MOMENT, last_used_at: MOMENT },
  notifications: {
    id: LINK,
    user_id: LINK,
    type: KIND,
    title: PERSONAL,
    message: PERSONAL,
    read: KIND,
    related_id: LINK,
    created_at: MOMENT,
    dedupe_key: 'not personal: made of a kind and a row id',
  },
  notification_preferences: {
    user_id: LINK,
    push: KIND,
    email: KIND,
    orders: KIND,
    messages: KIND,
    pickup_reminders: KIND,
    announcements: KIND,
    return_reminders: KIND,
    staff_pending: KIND,
    updated_at: MOMENT,
  },
  staff_digests: { user_id: LINK, sent_at: MOMENT },
  push_subscriptions: { id: LINK, user_id: LINK, endpoint: PERSONAL, p256dh: PERSONAL, auth: PERSONAL, created_at: MOMENT },
  vapid_keys: { id: KIND, public_key: "not personal: the deployment's own key", private_key: "not personal: the deployment's own key", created_at: MOMENT },
  events: { id: LINK, user_id: LINK, kind: KIND, payload: PERSONAL, created_at: MOMENT, xact_id: LINK },
  images: { id: PERSONAL, user_id: LINK, purpose: KIND, width: KIND, height: KIND, bytes: KIND, created_at: MOMENT },
  listings: {
    id: LINK,
    user_id: LINK,
    type: KIND,
    title: PERSONAL,
    description: PERSONAL,
    price_cents: KIND,
    price_unit: KIND,
    image_id: PERSONAL,
    tags: PERSONAL,
    delivery_options: KIND,
    requires_advance_order: KIND,
    minimum_notice_hours: KIND,
    max_portions: KIND,
    pickup_from: KIND,
    pickup_until: KIND,
    deposit_cents: KIND,
    status: KIND,
    paused_by: KIND,
    rejection_reason: PERSONAL,
    published_at: MOMENT,
    expires_at: MOMENT,
    created_at: MOMENT,
    updated_at: MOMENT,
    deleted_at: MOMENT,
    owner_rating: KIND,
  },
  orders: {
    id: LINK,
    listing_id: LINK,
    owner_id: LINK,
    renter_id: LINK,
    status: KIND,
    total_cents: KIND,
    quantity: KIND,
    hours: KIND,
    start_date: MOMENT,
    end_date: MOMENT,
    delivery_method: KIND,
    delivery_address: PERSONAL,
    scheduled_at: MOMENT,
    message: PERSONAL,
    rejection_reason: PERSONAL,
    cancellation_reason: PERSONAL,
    created_at: MOMENT,
    approved_at: MOMENT,
    delivered_at: MOMENT,
    completed_at: MOMENT,
    rejected_at: MOMENT,
    cancelled_at: MOMENT,
    paid_at: MOMENT,
    paid_by: LINK,
    deposit_cents: KIND,
    updated_at: MOMENT,
    fornada_id: LINK,
  },
  fornadas: {
    id: LINK,
    listing_id: LINK,
    seller_id: LINK,
    day: MOMENT,
    starts_at: MOMENT,
    ends_at: MOMENT,
    order_deadline: MOMENT,
    portions: KIND,
    remaining: KIND,
    created_at: MOMENT,
    closed_at: MOMENT,
    cancelled_at: MOMENT,
  },
  fornada_followers: { seller_id: LINK, follower_id: LINK, created_at: MOMENT },
  reviews: {
    id: LINK,
    order_id: LINK,
    reviewer_id: LINK,
    reviewee_id: LINK,
    reviewee_role: KIND,
    rating: KIND,
    comment: PERSONAL,
    created_at: MOMENT,
    visible_at: MOMENT,
    revealed: KIND,
  },
  listing_photos: { listing_id: LINK, position: KIND, image_id: PERSONAL },
  listing_blocked_days: { listing_id: LINK, day: 'not personal: a day the listing is not offered', created_at: MOMENT },
  favorites: { user_id: LINK, listing_id: LINK, created_at: MOMENT },
  desk_code_keys: { id: KIND, secret: "not personal: the deployment's own key", created_at: MOMENT },
  desk_handovers: {
    id: LINK,
    order_id: LINK,
    leg: KIND,
    status: KIND,
    code_serial: KIND,
    code_hash: 'not personal: an HMAC of a one-time code the app made',
    started_by: LINK,
    created_at: MOMENT,
    received_at: MOMENT,
    received_by: LINK,
    handed_at: MOMENT,
    handed_by: LINK,
    cancelled_at: MOMENT,
  },
  order_messages: {
    id: LINK,
    seq: LINK,
    order_id: LINK,
    sender_id: LINK,
    recipient_id: LINK,
    client_id: 'not personal: a random id the client made for the message',
    body: PERSONAL,
    created_at: MOMENT,
    read_at: MOMENT,
    problem_id: LINK,
  },
  order_conversations: {
    order_id: LINK,
    person_id: LINK,
    last_created_at: MOMENT,
    last_seq: LINK,
    last_message_id: LINK,
    last_sender_id: LINK,
    // A copy of the thread's last message, which its update trigger keeps equal to the message.
    last_body: PERSONAL,
    unread: KIND,
  },
  order_problems: {
    id: LINK,
    order_id: LINK,
    opened_by: LINK,
    kind: 'not personal: one of the shared problem kinds',
    details: PERSONAL,
    created_at: MOMENT,
    status: KIND,
    resolved_by: LINK,
    resolved_at: MOMENT,
    decision: PERSONAL,
  },
  order_problem_photos: { problem_id: LINK, position: KIND, image_id: PERSONAL },
  pix_keys: { user_id: LINK, key_type: KIND, key: PERSONAL, updated_at: MOMENT },
  deposit_settlements: {
    order_id: LINK,
    deposit_cents: KIND,
    outcome: KIND,
    retained_cents: KIND,
    reason: PERSONAL,
    settled_by: LINK,
    settled_at: MOMENT,
    answer: KIND,
    answered_at: MOMENT,
    contest_text: PERSONAL,
    contest_problem_id: LINK,
  },
  deposit_settlement_photos: { order_id: LINK, position: KIND, image_id: PERSONAL },
  reports: {
    id: LINK,
    reporter_id: LINK,
    target_type: KIND,
    person_id: LINK,
    listing_id: LINK,
    message_id: LINK,
    request_id: LINK,
    reason: 'not personal: one of the shared report reasons',
    details: PERSONAL,
    created_at: MOMENT,
    status: KIND,
    decided_by: LINK,
    decided_at: MOMENT,
    decision_note: PERSONAL,
  },
  user_blocks: { blocker_id: LINK, blocked_id: LINK, created_at: MOMENT },
  audit_log: {
    id: LINK,
    actor_id: LINK,
    action: KIND,
    target_type: KIND,
    target_id: LINK,
    before: PERSONAL,
    after: PERSONAL,
    reason: PERSONAL,
    target_label: PERSONAL,
    created_at: MOMENT,
  },
  audit_personal_values: { audit_id: LINK, user_id: LINK, before: PERSONAL, after: PERSONAL },
  billings: {
    id: LINK,
    user_id: LINK,
    amount_cents: "not personal: the condominium's charge, kept for its accounts",
    status: KIND,
    due_date: MOMENT,
    auto_renewal: KIND,
    paid_at: MOMENT,
    created_at: MOMENT,
    updated_at: MOMENT,
  },
  invites: {
    id: LINK,
    inviter_id: LINK,
    email: PERSONAL,
    apartment: PERSONAL,
    code: 'not personal: a random code',
    type: KIND,
    status: KIND,
    expires_at: MOMENT,
    accepted_user_id: LINK,
    accepted_at: MOMENT,
    created_at: MOMENT,
    updated_at: MOMENT,
  },
  announcements: {
    id: LINK,
    author_id: LINK,
    title: "not personal: the administration's notice to every resident, written for the condominium",
    body: "not personal: the administration's notice to every resident, written for the condominium",
    image_id: "not personal: the notice's photo (erased with its uploader's images, which sets this to null)",
    pinned_until: MOMENT,
    created_at: MOMENT,
    edited_at: MOMENT,
    removed_at: MOMENT,
  },
  announcement_recipients: { announcement_id: LINK, user_id: LINK, read_at: MOMENT },
  order_handover_conditions: {
    order_id: LINK,
    stage: KIND,
    note: PERSONAL,
    recorded_by: LINK,
    recorded_at: MOMENT,
    confirmed_at: MOMENT,
  },
  order_handover_photos: {
    order_id: LINK,
    stage: KIND,
    position: KIND,
    image_id: "not personal: a link to an upload (erased with its uploader's images, which takes this row with it)",
  },
  wanted_requests: {
    id: LINK,
    author_id: LINK,
    type: KIND,
    title: PERSONAL,
    description: PERSONAL,
    start_date: MOMENT,
    end_date: MOMENT,
    max_price_cents: 'not personal: an amount the person chose, kept without what it was for',
    status: KIND,
    renewals: KIND,
    expires_at: MOMENT,
    created_at: MOMENT,
    updated_at: MOMENT,
    found_at: MOMENT,
    deleted_at: MOMENT,
  },
  wanted_offers: { id: LINK, request_id: LINK, listing_id: LINK, offerer_id: LINK, created_at: MOMENT, notified_at: MOMENT },
};

/** Tables whose rows are the person's alone: none may be left with their id. */
const OWN_ROWS: Record<string, string> = {
  user_roles: 'user_id',
  sessions: 'user_id',
  password_reset_tokens: 'user_id',
  sign_in_links: 'user_id',
  login_devices: 'user_id',
  notifications: 'user_id',
  notification_preferences: 'user_id',
  staff_digests: 'user_id',
  push_subscriptions: 'user_id',
  images: 'user_id',
  favorites: 'user_id',
  pix_keys: 'user_id',
  audit_personal_values: 'user_id',
  invites: 'inviter_id',
  user_blocks: 'blocker_id',
  fornada_followers: 'follower_id',
  wanted_offers: 'offerer_id',
};

let app: TestApp;
let admin: TestUser;
let moderator: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  admin = await app.createUser({ roles: ['admin'] });
  moderator = await app.createUser({ roles: ['moderator'] });
});
afterAll(() => app.close());

type Api = Awaited<ReturnType<TestApp['callerAs']>>['api'];
async function api(user: TestUser | null, meta: { ip?: string; userAgent?: string } = {}): Promise<Api> {
  return (await app.callerAs(user, meta)).api;
}

/** Every column of the app's tables (the migrator's own excluded), as 'table.column'. */
async function appColumns() {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    SELECT c.table_name, c.column_name FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.table_name NOT LIKE 'kysely\\_%'
     ORDER BY c.table_name, c.ordinal_position`.execute(app.db);
  return rows.map((row) => `${row.table_name}.${row.column_name}`);
}

/** The texts of one column in every row of its table. */
async function columnTexts(table: string, column: string) {
  const { rows } = await sql<{ text: string }>`SELECT ${sql.ref(column)}::text AS text FROM ${sql.table(table)} WHERE ${sql.ref(column)} IS NOT NULL`.execute(app.db);
  return rows.map((row) => row.text);
}

/** For each personal column, the person's values found in it (anywhere in the table). */
async function tracesByColumn(traces: string[]) {
  const found: Record<string, string[]> = {};
  for (const [table, columns] of Object.entries(INVENTORY)) {
    for (const [column, classification] of Object.entries(columns)) {
      if (classification !== PERSONAL) continue;
      const texts = await columnTexts(table, column);
      found[`${table}.${column}`] = traces.filter((trace) => texts.some((text) => text.toLowerCase().includes(trace.toLowerCase())));
    }
  }
  return found;
}

const photo = () => sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a7' } }).jpeg().toBuffer();

describe('the inventory of personal data', () => {
  it('classifies every column of every table of the app', async () => {
    const classified = Object.entries(INVENTORY).flatMap(([table, columns]) => Object.keys(columns).map((column) => `${table}.${column}`));
    const columns = await appColumns();
    expect(columns.filter((column) => !classified.includes(column)), 'columns nobody classified as personal or not').toEqual([]);
    expect(classified.filter((column) => !columns.includes(column)), 'classified columns that no longer exist').toEqual([]);
  });
});

describe('anonymising a person (LGPD)', () => {
  // A person who used every part of the app: on a loaded machine the walk outlasts the default 30 s.
  it('leaves none of their values in any personal column, none of their own rows, none of their files', { timeout: 120_000 }, async () => {
    // Lúcia, with something in every personal column the app has.
    const inviter = await app.createUser({ fullName: 'Irene Convidou' });
    const lucia = await app.createUser({ fullName: 'Lúcia Partiu Vasconcelos', email: 'lucia.partiu@teste.com' });
    const neighbour = await app.createUser({ fullName: 'Otávio Vizinho' });
    await app.db
      .updateTable('users')
      .set({
        phone: '11955501234',
        block: 'QZ9',
        apartment: 'QZ-9091',
        bio: 'Bio-única-da-Lúcia',
        invited_by: inviter.id,
        // Her own password (test users share one): its hash is a value of hers.
        password_hash: await hashPassword('senha-só-da-lúcia'),
      })
      .where('id', '=', lucia.id)
      .execute();
    await app.db
      .insertInto('invites')
      .values({ inviter_id: inviter.id, email: 'lucia.partiu@teste.com', apartment: 'QZ-9091', type: 'resident', status: 'accepted', expires_at: app.clock.now(), accepted_user_id: lucia.id, accepted_at: app.clock.now(), created_at: app.clock.now(), updated_at: app.clock.now() })
      .execute();
    const luciaApi = await api(lucia);
    const neighbourApi = await api(neighbour);
    const moderatorApi = await api(moderator);
    const adminApi = await api(admin);

    const avatar = await uploadImage(app.deps, { userId: lucia.id, purpose: 'avatar', bytes: await photo() });
    await luciaApi.users.setAvatar({ imageId: avatar.id });
    const listingPhoto = await uploadImage(app.deps, { userId: lucia.id, purpose: 'listing', bytes: await photo() });
    const { id: bikeId } = await luciaApi.listings.create({
      type: 'rental',
      title: 'Bicicleta da Lúcia Partiu Vasconcelos',
      description: 'Ligue 11955501234 ou escreva para lucia.partiu@teste.com',
      priceCents: 2000,
      depositCents: 30_000,
      tags: ['tag-da-lúcia'],
      imageIds: [listingPhoto.id],
    });
    await moderatorApi.listings.moderation.approve({ id: bikeId });
    const { id: cakeId } = await luciaApi.listings.create({ type: 'food', title: 'Bolo-da-Lúcia', description: 'Receita da família QZ-9091', priceCents: 1500 });
    await moderatorApi.listings.moderation.reject({ id: cakeId, reason: 'Recusado-para-Lúcia' });
    await luciaApi.listings.update({ id: cakeId, type: 'food', title: 'Bolo-novo-da-Lúcia', description: 'Receita da família QZ-9091', priceCents: 1500 });
    await moderatorApi.listings.moderation.reject({ id: cakeId, reason: 'Recusado-para-Lúcia' });
    const { id: neighbourFood } = await neighbourApi.listings.create({ type: 'food', title: 'Pão caseiro', description: 'Integral', priceCents: 900, deliveryOptions: ['pickup', 'delivery'] });
    await moderatorApi.listings.moderation.approve({ id: neighbourFood });
    await luciaApi.listings.save({ id: neighbourFood, saved: true });

    // Orders both ways: one she asked for and cancelled, one still open, one she refused, one completed and reviewed.
    const asked = await luciaApi.orders.create({ listingId: neighbourFood, deliveryMethod: 'delivery', deliveryAddress: 'Endereço-QZ-9091', message: 'Recado-da-Lúcia' });
    await luciaApi.orders.cancel({ id: asked.id, reason: 'Desistência-da-Lúcia' });
    await luciaApi.orders.create({ listingId: neighbourFood, deliveryMethod: 'delivery', deliveryAddress: 'Endereço-QZ-9091', message: 'Outro-recado-da-Lúcia', confirmDuplicate: true });
    const refused = await neighbourApi.orders.create({ listingId: bikeId, startDate: '2026-11-30', endDate: '2026-12-01' });
    await luciaApi.orders.reject({ id: refused.id, reason: 'Recusa-escrita-pela-Lúcia' });
    const done = await neighbourApi.orders.create({ listingId: bikeId, startDate: '2026-11-23', endDate: '2026-11-24' });
    await luciaApi.orders.approve({ id: done.id });
    await luciaApi.messages.send({ orderId: done.id, body: 'Meu WhatsApp é 11955501234', clientId: crypto.randomUUID() });
    await neighbourApi.messages.send({ orderId: done.id, body: 'Obrigado, Lúcia Partiu Vasconcelos!', clientId: crypto.randomUUID() });
    const [neighbourMessage] = await app.db.selectFrom('order_messages').select('id').where('sender_id', '=', neighbour.id).execute();
    await luciaApi.reports.message({ messageId: neighbourMessage!.id, reason: 'other', details: 'Denúncia-da-Lúcia' });
    const conditionPhoto = await uploadImage(app.deps, { userId: lucia.id, purpose: 'handover', bytes: await photo() });
    await luciaApi.orders.markDelivered({ id: done.id, photos: [conditionPhoto.id], note: 'Estado-escrito-pela-Lúcia' });
    await luciaApi.orders.complete({ id: done.id });
    // A problem she opened with a photo on it, settled by the administration.
    const problemPhoto = await uploadImage(app.deps, { userId: lucia.id, purpose: 'problem', bytes: await sharp({ create: { width: 64, height: 64, channels: 3, background: '#456' } }).png().toBuffer() });
    await luciaApi.problems.open({ orderId: done.id, kind: 'not_returned', text: 'Problema-relatado-pela-Lúcia', photoIds: [problemPhoto.id] });
    const [luciasProblem] = (await moderatorApi.problems.moderation.open()).items.filter((item) => item.orderId === done.id);
    await moderatorApi.problems.moderation.resolve({ problemId: luciasProblem!.id, decision: 'Decisão-sobre-a-Lúcia' });
    const depositPhoto = await uploadImage(app.deps, { userId: lucia.id, purpose: 'deposit', bytes: await photo() });
    await luciaApi.deposits.settle({ orderId: done.id, outcome: 'retained', retainedCents: 5_000, reason: 'Caução-retida-pela-Lúcia', imageIds: [depositPhoto.id] });
    await neighbourApi.deposits.answer({ orderId: done.id, answer: 'contested', kind: 'other', text: 'A bicicleta já estava riscada' });
    // A deposit she contested, on the neighbour's rental: a problem of hers.
    const { id: ladderId } = await neighbourApi.listings.create({ type: 'rental', title: 'Escada', description: 'Sete degraus', priceCents: 1000, depositCents: 10_000 });
    await moderatorApi.listings.moderation.approve({ id: ladderId });
    const contested = await luciaApi.orders.create({ listingId: ladderId, startDate: '2026-11-23', endDate: '2026-11-23' });
    await neighbourApi.orders.approve({ id: contested.id });
    await neighbourApi.orders.markDelivered({ id: contested.id });
    await neighbourApi.orders.complete({ id: contested.id });
    await neighbourApi.deposits.settle({ orderId: contested.id, outcome: 'retained', retainedCents: 2_000, reason: 'Degrau solto' });
    await luciaApi.deposits.answer({ orderId: contested.id, answer: 'contested', kind: 'damage', text: 'Contestação-da-Lúcia' });
    await neighbourApi.reviews.create({ orderId: done.id, rating: 5, comment: 'A Lúcia Partiu Vasconcelos foi ótima' });
    await luciaApi.reviews.create({ orderId: done.id, rating: 5 });

    // Fornadas: she follows the neighbour's batches and he hers; she reserved from his batch with an address.
    await luciaApi.fornadas.follow({ sellerId: neighbour.id, following: true });
    await neighbourApi.fornadas.follow({ sellerId: lucia.id, following: true });
    const batch = await neighbourApi.fornadas.open({ listingId: neighbourFood, day: '2026-11-28', windowStart: '11:00', windowEnd: '13:00', portions: 5, deadlineDay: '2026-11-27', deadlineTime: '18:00' });
    await luciaApi.fornadas.reserve({ fornadaId: batch.id, quantity: 2, deliveryMethod: 'delivery', deliveryAddress: 'Endereço-fornada-QZ-9091', message: 'Recado-fornada-da-Lúcia' });

    // Reports both ways (one decided with a warning to her), and blocks both ways.
    await luciaApi.reports.person({ userId: neighbour.id, reason: 'harassment', details: 'Relato-escrito-pela-Lúcia' });
    await neighbourApi.reports.listing({ listingId: bikeId, reason: 'fraud', details: 'A Lúcia Partiu Vasconcelos pediu Pix adiantado' });
    // A reported listing whose title names nobody: staff's notice of the report quotes it.
    const { id: scooterId } = await luciaApi.listings.create({ type: 'rental', title: 'Patinete-QZ-Azul', description: 'Elétrico', priceCents: 3000 });
    await moderatorApi.listings.moderation.approve({ id: scooterId });
    await neighbourApi.reports.listing({ listingId: scooterId, reason: 'prohibited_item', details: null });
    const [aboutLucia] = (await moderatorApi.reports.moderation.open()).items.filter((item) => item.person.id === lucia.id);
    await moderatorApi.reports.moderation.decide({ reportId: aboutLucia!.id, outcome: 'warn', note: 'Advertência-para-Lúcia' });
    // 'Procura-se' both ways: her request, answered by the neighbour; her bike offered for the neighbour's.
    const { id: luciaRequest } = await luciaApi.wanted.create({ type: 'food', title: 'Procuro-pão-da-Lúcia', description: 'Entregar no QZ-9091' });
    await neighbourApi.wanted.offer({ requestId: luciaRequest, listingId: neighbourFood });
    const { id: neighbourRequest } = await neighbourApi.wanted.create({ type: 'rental', title: 'Procura-se bicicleta' });
    await luciaApi.wanted.offer({ requestId: neighbourRequest, listingId: bikeId });
    await luciaApi.blocks.block({ userId: inviter.id });
    await (await api(inviter)).blocks.block({ userId: lucia.id });

    // Keys, devices, sessions, sign-ins, a reset, a push subscription, invites, an edit the admin made.
    const cpf = (await app.db.selectFrom('users').select('cpf').where('id', '=', lucia.id).executeTakeFirstOrThrow()).cpf!;
    await luciaApi.pix.saveKey({ type: 'cpf', key: cpf });
    await luciaApi.notifications.subscribePush({ endpoint: 'https://fcm.googleapis.com/fcm/send/aparelho-da-lucia', keys: { p256dh: `B${'L'.repeat(86)}`, auth: 'lucia-auth-segredo-0001' } });
    await app.deps.sessions.create(app.db, lucia.id, { ip: '203.0.113.77', userAgent: 'Navegador-da-Lúcia/1.0' });
    await (await api(null, { ip: '203.0.113.78' })).auth.login({ email: lucia.email, password: 'senha-só-da-lúcia' });
    await (await api(null, { ip: '203.0.113.78' })).auth.requestPasswordReset({ email: lucia.email });
    await (await api(null, { ip: '203.0.113.78' })).auth.requestSignInLink({ email: lucia.email });
    await luciaApi.invites.send({ email: 'amiga-da-lucia@teste.com', apartment: 'Apto-amiga-Lúcia' });
    const edit = editInputFrom(lucia.id, await adminApi.admin.users.byId({ userId: lucia.id }), { bio: 'Bio-nova-da-Lúcia', reason: 'Pedido-de-Lúcia-Partiu-Vasconcelos' });
    await adminApi.admin.users.update(edit);

    // A refused sign-up's reason (a row an administrator approved later keeps none), and a notice addressed to her by name.
    await app.db.updateTable('users').set({ rejection_reason: 'Cadastro-recusado-Lúcia' }).where('id', '=', lucia.id).execute();
    await app.db.insertInto('notifications').values({ user_id: lucia.id, type: 'status_update', title: 'Olá, Lúcia Partiu Vasconcelos', message: 'Bem-vinda' }).execute();

    // Her values, and the secrets the app made for her (read before they go).
    const secrets = await Promise.all([
      app.db.selectFrom('users').select('password_hash as value').where('id', '=', lucia.id).execute(),
      app.db.selectFrom('sessions').select('id as value').where('user_id', '=', lucia.id).execute(),
      app.db.selectFrom('password_reset_tokens').select('token_hash as value').where('user_id', '=', lucia.id).execute(),
      app.db.selectFrom('sign_in_links').select('token_hash as value').where('user_id', '=', lucia.id).execute(),
      app.db.selectFrom('login_devices').select('token_hash as value').where('user_id', '=', lucia.id).execute(),
    ]);
    const traces = [
      'Lúcia Partiu Vasconcelos',
      'lucia.partiu@teste.com',
      cpf,
      '11955501234',
      'QZ9',
      'QZ-9091',
      'Bio-única-da-Lúcia',
      'Bio-nova-da-Lúcia',
      'Cadastro-recusado-Lúcia',
      inviter.id,
      avatar.id,
      listingPhoto.id,
      depositPhoto.id,
      'Caução-retida-pela-Lúcia',
      'tag-da-lúcia',
      'Bolo-da-Lúcia',
      'Bolo-novo-da-Lúcia',
      'Patinete-QZ-Azul',
      'Recusado-para-Lúcia',
      'Recado-da-Lúcia',
      'Recado-fornada-da-Lúcia',
      'Desistência-da-Lúcia',
      'Recusa-escrita-pela-Lúcia',
      'Denúncia-da-Lúcia',
      'Estado-escrito-pela-Lúcia',
      'Relato-escrito-pela-Lúcia',
      'Procuro-pão-da-Lúcia',
      'Advertência-para-Lúcia',
      'Problema-relatado-pela-Lúcia',
      'Contestação-da-Lúcia',
      'Decisão-sobre-a-Lúcia',
      problemPhoto.id,
      'aparelho-da-lucia',
      'L'.repeat(86),
      'lucia-auth-segredo-0001',
      '203.0.113.77',
      '203.0.113.78',
      'Navegador-da-Lúcia',
      'amiga-da-lucia@teste.com',
      'Apto-amiga-Lúcia',
      ...secrets.flat().map((row) => row.value),
    ];
    expect(secrets.map((rows) => rows.length > 0)).toEqual([true, true, true, true, true]);
    // Each personal column held some of her values before: the check below looks where it matters.
    const before = await tracesByColumn(traces);
    expect(Object.entries(before).filter(([, found]) => found.length === 0).map(([column]) => column)).toEqual([]);

    await adminApi.admin.users.anonymize({ userId: lucia.id });

    const after = await tracesByColumn(traces);
    expect(Object.fromEntries(Object.entries(after).filter(([, found]) => found.length > 0))).toEqual({});
    for (const [table, column] of Object.entries(OWN_ROWS)) {
      const { rows } = await sql<{ count: string }>`SELECT count(*) AS count FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${lucia.id}`.execute(app.db);
      expect([table, Number(rows[0]!.count)]).toEqual([table, 0]);
    }
    expect(await app.db.selectFrom('users').select(['full_name', 'invited_by']).where('id', '=', lucia.id).executeTakeFirstOrThrow()).toEqual({ full_name: EX_RESIDENT_NAME, invited_by: null });
    expect(await app.db.selectFrom('user_blocks').select('blocker_id').where('blocked_id', '=', lucia.id).execute()).toEqual([]);
    // Her request stays (the neighbour's offer and reports point to it) with nothing she wrote; her offer went.
    expect(await app.db.selectFrom('wanted_requests').select(['title', 'description']).where('id', '=', luciaRequest).execute()).toEqual([{ title: 'Pedido removido', description: '' }]);
    await expectError(neighbourApi.wanted.byId({ id: luciaRequest }), 'NOT_FOUND', 'Pedido não encontrado');
    // The reports stay for the administration's history, without words.
    expect(await app.db.selectFrom('reports').select(['details', 'decision_note']).where((eb) => eb.or([eb('reporter_id', '=', lucia.id), eb('person_id', '=', lucia.id)])).execute()).toHaveLength(4);

    // Staff's notices of the reports of her listings stay, naming an erased item.
    const reportNotices = await app.db.selectFrom('notifications').select('message').where('user_id', '=', moderator.id).where('type', '=', 'pending_report').where('message', 'like', '%anúncio%').execute();
    expect(reportNotices.map((notice) => notice.message)).toEqual(['Denúncia de um anúncio ("Item removido"). Aguarda a sua análise.', 'Denúncia de um anúncio ("Item removido"). Aguarda a sua análise.']);

    // Her orders and reviews stay, as Ex-morador; the log keeps who did what, with the values blanked.
    expect(await app.db.selectFrom('orders').select('id').where((eb) => eb.or([eb('owner_id', '=', lucia.id), eb('renter_id', '=', lucia.id)])).execute()).toHaveLength(6);
    // Her reservation was cancelled with the account: its portions went back to the batch.
    expect(await app.db.selectFrom('fornadas').select('remaining').where('id', '=', batch.id).executeTakeFirstOrThrow()).toEqual({ remaining: 5 });
    expect((await neighbourApi.reviews.forUser({ userId: neighbour.id })).items.map((review) => review.reviewer.fullName)).toContain(EX_RESIDENT_NAME);
    const created = await app.db.selectFrom('audit_log').select(['after']).where('target_id', '=', bikeId).where('action', '=', 'listing.created').executeTakeFirstOrThrow();
    expect(created.after).toEqual({ type: 'rental', title: AUDIT_REDACTED_VALUE, priceCents: 2000, depositCents: 30_000 });
    // The log stays append-only for anything but that blanking.
    await expect(sql`UPDATE audit_log SET action = 'user.approved' WHERE target_id = ${lucia.id}`.execute(app.db)).rejects.toThrow(/append-only/);
    await expect(sql`UPDATE audit_log SET after = '{"title": "outro"}'::jsonb WHERE target_id = ${bikeId}`.execute(app.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log WHERE target_id = ${bikeId}`.execute(app.db)).rejects.toThrow(/append-only/);

    // Her photos are no longer served to anyone, and their files leave storage.
    for (const id of [avatar.id, listingPhoto.id]) expect(await imageAccess(app.deps, id, null)).toBe('hidden');
    expect(await imageAccess(app.deps, conditionPhoto.id, (await app.callerAs(neighbour)).ctx.user)).toBe('hidden');
    const keys = [avatar.id, listingPhoto.id, conditionPhoto.id].flatMap((id) => [imageStorageKey(id, 'card'), imageStorageKey(id, 'detail')]);
    await eventually(async () => {
      // Listed, not opened: a stream of a file removed meanwhile would fail with nobody listening.
      const left: string[] = [];
      for await (const key of app.deps.storage.list()) if (keys.includes(key)) left.push(key);
      expect(left).toEqual([]);
    }, 15_000);

    // The administration's copy of her data holds nothing personal.
    const copy = JSON.stringify(await adminApi.admin.users.exportData({ userId: lucia.id }));
    expect(traces.filter((trace) => copy.toLowerCase().includes(trace.toLowerCase()))).toEqual([]);
    expect(copy).toContain(EX_RESIDENT_NAME);

    // The requester of her completed order gets no Pix code to her key, with a clear message.
    await expectError(neighbourApi.pix.forOrder({ orderId: done.id }), 'CONFLICT', PIX_MESSAGES.ownerLeft);
  });
});
