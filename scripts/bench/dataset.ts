import { createHash } from 'node:crypto';
import { SESSION_COOKIE_NAME } from '../../server/src/auth/sessions.ts';

// The bench's data: 100,000 listings of 2,000 approved owners across the three
// types, 10,000 completed orders with their reviews, and sessions to sign in
// with, written by a handful of INSERT ... SELECT generate_series statements
// (seconds, not the hours the app's procedures would take). Every row passes
// the schema's constraints and triggers like the app's own rows.

export type DatasetSize = { owners: number; listings: number; reviews: number; sessions: number };

export const BENCH_SIZE: DatasetSize = { owners: 2_000, listings: 100_000, reviews: 10_000, sessions: 400 };

export const BENCH_EMAIL_DOMAIN = 'bench.vizinhanca.app';

/** The cookie token of the n-th bench session (1-based); the database keeps its SHA-256 as the session id. */
export const sessionToken = (n: number) => `vz-bench-session-${n}`;
/** Session n's cookie, as the browser sends it. */
export const sessionCookie = (n: number) => `${SESSION_COOKIE_NAME}=${sessionToken(n)}`;
export const sessionId = (n: number) => createHash('sha256').update(sessionToken(n)).digest('hex');

const list = (words: string[]) => `ARRAY[${words.map((word) => `'${word.replace(/'/g, "''")}'`).join(', ')}]`;

/** What neighbours offer, per type: titles and descriptions are built from these, so search finds some and not others. */
export const VOCABULARY = {
  rental: ['Furadeira', 'Bicicleta', 'Escada', 'Barraca de camping', 'Projetor', 'Carrinho de bebê', 'Cadeira de praia', 'Mesa dobrável', 'Caixa de som', 'Aspirador', 'Parafusadeira', 'Patinete', 'Prancha de surfe', 'Máquina de costura', 'Churrasqueira'],
  food: ['Bolo de cenoura', 'Brigadeiro', 'Lasanha', 'Empada de frango', 'Pão de queijo', 'Coxinha', 'Torta de limão', 'Marmita fit', 'Feijoada', 'Quiche', 'Cookies', 'Pudim', 'Esfiha', 'Kibe', 'Salada de frutas'],
  service: ['Aula de violão', 'Passeio com cães', 'Conserto de bicicleta', 'Limpeza de sofá', 'Manicure', 'Aula de inglês', 'Montagem de móveis', 'Corte de cabelo', 'Fotografia', 'Reforço escolar', 'Faxina', 'Personal trainer', 'Eletricista', 'Encanador', 'Costura'],
} as const;
const QUALITIES = ['caseiro', 'novo', 'seminovo', 'profissional', 'artesanal', 'grande', 'compacto', 'completo', 'econômico', 'especial', 'do bloco B', 'para o fim de semana'];
const DETAILS = [
  'Retirada na portaria, combinar pelo chat.',
  'Bem conservado, uso cuidadoso.',
  'Feito no dia, ingredientes frescos.',
  'Atendo à noite e aos sábados.',
  'Acompanha manual e acessórios.',
  'Aceito Pix. Vizinho de confiança.',
  'Sem lactose, opção vegana sob encomenda.',
  'Experiência de mais de dez anos.',
];
const FIRST_NAMES = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elisa', 'Fábio', 'Gabriela', 'Heitor', 'Isabela', 'João', 'Karina', 'Lucas', 'Marina', 'Nuno', 'Olívia', 'Paulo', 'Renata', 'Sérgio', 'Tatiana', 'Vítor'];
const LAST_NAMES = ['Almeida', 'Barbosa', 'Costa', 'Dias', 'Esteves', 'Ferreira', 'Gomes', 'Lima', 'Martins', 'Nunes', 'Oliveira', 'Pereira', 'Ramos', 'Santos', 'Teixeira', 'Vieira'];

/** The statements, in order; run them in one transaction, then VACUUM ANALYZE. */
export function datasetSql(size: DatasetSize = BENCH_SIZE): string[] {
  const { owners, listings, reviews, sessions } = size;
  return [
    // A fake Argon2id hash: nobody signs in with a password here (sessions below).
    `INSERT INTO users (email, password_hash, full_name, cpf, phone, block, apartment, approval_status, approved_at, created_at, updated_at)
     SELECT 'vizinho' || g || '@${BENCH_EMAIL_DOMAIN}',
            '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hiZW5jaA$YmVuY2hiZW5jaGJlbmNoYmVuY2hiZW5jaGJlbmNo',
            (${list(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}] || ' ' || (${list(LAST_NAMES)})[1 + (g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
            lpad(g::text, 11, '0'), '119' || lpad(g::text, 8, '0'),
            chr(65 + g % 6), (1 + g % 240)::text, 'approved', now() - interval '400 days', now() - interval '400 days', now() - interval '400 days'
     FROM generate_series(1, ${owners}) AS g`,
    `CREATE TABLE bench_owner AS
     SELECT id, row_number() OVER (ORDER BY created_at, email) - 1 AS rn FROM users WHERE email LIKE '%@${BENCH_EMAIL_DOMAIN}'`,
    `CREATE UNIQUE INDEX ON bench_owner (rn)`,
    // Newest first spans about 17 days; every listing expires 30 days after it was published, so
    // none is within the owner's expiry notice (8 days) and no background job runs during the bench.
    `INSERT INTO listings (user_id, type, title, description, price_cents, price_unit, tags, delivery_options, requires_advance_order,
                           minimum_notice_hours, max_portions, status, paused_by, published_at, expires_at, created_at, updated_at)
     SELECT o.id, k.type,
            left(k.noun || ' ' || (${list(QUALITIES)})[1 + (g / 3) % ${QUALITIES.length}] || ' nº ' || g, 100),
            k.noun || ' ' || (${list(QUALITIES)})[1 + (g / 7) % ${QUALITIES.length}] || '. ' || (${list(DETAILS)})[1 + (g / 11) % ${DETAILS.length}]
              || ' ' || (${list(DETAILS)})[1 + (g / 13) % ${DETAILS.length}],
            CASE k.type WHEN 'rental' THEN 500 + (g * 37) % 19500 WHEN 'food' THEN 300 + (g * 53) % 7700 ELSE 2000 + (g * 71) % 28000 END,
            CASE k.type WHEN 'rental' THEN 'day' WHEN 'food' THEN 'unit' ELSE (ARRAY['hour', 'service'])[1 + g % 2] END,
            '{}'::text[],
            CASE k.type WHEN 'rental' THEN '{pickup}'::text[] WHEN 'food' THEN '{pickup,delivery}'::text[] ELSE '{pickup,scheduled}'::text[] END,
            k.type = 'food' AND g % 5 = 0,
            CASE WHEN k.type = 'food' AND g % 5 = 0 THEN 24 END,
            CASE WHEN k.type = 'food' THEN 10 + g % 20 END,
            CASE WHEN g % 50 = 0 THEN 'inactive' ELSE 'active' END,
            CASE WHEN g % 50 = 0 THEN 'owner' END,
            k.published, k.published + interval '30 days', k.published, k.published
     FROM generate_series(1, ${listings}) AS g
     JOIN bench_owner o ON o.rn = g % ${owners}
     CROSS JOIN LATERAL (
       SELECT (ARRAY['rental', 'food', 'service'])[1 + g % 3] AS type,
              now() - (${listings} - g) * interval '15 seconds' - interval '1 minute' AS published,
              CASE g % 3 WHEN 0 THEN (${list([...VOCABULARY.rental])})[1 + (g / 3) % ${VOCABULARY.rental.length}]
                         WHEN 1 THEN (${list([...VOCABULARY.food])})[1 + (g / 3) % ${VOCABULARY.food.length}]
                         ELSE (${list([...VOCABULARY.service])})[1 + (g / 3) % ${VOCABULARY.service.length}] END AS noun
     ) AS k`,
    // Completed orders of food and services (no dates to collide), from a neighbour who is not the owner.
    `CREATE TEMP TABLE bench_done AS
     SELECT row_number() OVER (ORDER BY l.published_at, l.id) AS n, l.id AS listing_id, l.user_id AS owner_id, l.price_cents
     FROM listings l WHERE l.type IN ('food', 'service') AND l.status = 'active'
     ORDER BY l.published_at, l.id LIMIT ${reviews}`,
    `INSERT INTO orders (listing_id, owner_id, renter_id, status, total_cents, quantity, delivery_method, created_at, approved_at, delivered_at, completed_at, updated_at)
     SELECT d.listing_id, d.owner_id, r.id, 'completed', d.price_cents, 1, 'pickup',
            now() - interval '60 days' + d.n * interval '1 minute', now() - interval '59 days', now() - interval '58 days', now() - interval '57 days', now() - interval '57 days'
     FROM bench_done d
     JOIN bench_owner own ON own.id = d.owner_id
     JOIN bench_owner r ON r.rn = (own.rn + 1 + d.n % 97) % ${owners}`,
    // Revealed (their window ended long ago): the ratings trigger is per statement, so this one
    // insert recounts the 2,000 owners and their listings' owner_rating in a single pass.
    `INSERT INTO reviews (order_id, reviewer_id, reviewee_id, reviewee_role, rating, comment, created_at, visible_at, revealed)
     SELECT o.id, o.renter_id, o.owner_id, 'owner',
            (ARRAY[5, 5, 4, 5, 3, 4, 5, 2, 5, 4, 1, 5])[1 + (row_number() OVER (ORDER BY o.created_at, o.id))::int % 12],
            'Tudo certo, recomendo!', o.completed_at, o.completed_at, true
     FROM orders o WHERE o.status = 'completed'`,
    // Signed-in neighbours: session n belongs to owner n (cookie token sessionToken(n)).
    `INSERT INTO sessions (id, user_id, expires_at, created_at)
     SELECT encode(sha256(convert_to('vz-bench-session-' || o.rn, 'UTF8')), 'hex'), o.id, now() + interval '6 days', now()
     FROM bench_owner o WHERE o.rn BETWEEN 1 AND ${sessions}`,
  ];
}
