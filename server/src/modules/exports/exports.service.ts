import { AUDIT_ACTION_LABELS } from '@vizinhanca/shared/audit/audit.schema';
import { AUDIT_TARGET_TYPE_LABELS, changeText } from '@vizinhanca/shared/audit/audit.rules';
import { maskCpf } from '@vizinhanca/shared/auth/cpf';
import { maskPhone } from '@vizinhanca/shared/auth/phone';
import { LISTING_TYPE_LABELS } from '@vizinhanca/shared/listings/listing.rules';
import { listingStatusText } from '@vizinhanca/shared/listings/listing-status.rules';
import { ORDER_STATUS_LABELS } from '@vizinhanca/shared/orders/order.rules';
import type { AppDeps } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import * as audit from '../audit/audit.service.ts';
import * as listings from '../listings/listings.service.ts';
import * as orders from '../orders/orders.service.ts';
import * as users from '../users/users.service.ts';
import { csvAmount, csvCalendarDate, csvDate, csvDateTime, csvLine } from './csv.ts';

export const EXPORT_KINDS = ['usuarios', 'anuncios', 'pedidos', 'atividade'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export interface CsvExport {
  header: string;
  /** One CSV line per row, read from the database a page at a time (in the export's transaction). */
  lines(db: Db): AsyncGenerator<string>;
}

const APPROVAL_LABELS = { pending: 'Pendente', approved: 'Aprovado', rejected: 'Rejeitado' } as const;

/** The four exports; only the users' one carries CPF (LGPD: the fewest places). */
export function csvExport(deps: AppDeps, kind: ExportKind): CsvExport {
  const zone = deps.config.CONDO_TIMEZONE;
  switch (kind) {
    case 'usuarios':
      return {
        header: csvLine(['Nome', 'E-mail', 'CPF', 'Telefone', 'Bloco', 'Apartamento', 'Status', 'Suspenso', 'Papéis', 'Cadastro em']),
        async *lines(db) {
          for await (const row of users.streamForExport(db)) {
            yield csvLine([
              row.full_name,
              row.email,
              row.cpf ? maskCpf(row.cpf) : null,
              row.phone ? maskPhone(row.phone) : null,
              row.block,
              row.apartment,
              APPROVAL_LABELS[row.approval_status],
              row.is_suspended,
              row.roles.join(', '),
              csvDate(row.created_at, zone),
            ]);
          }
        },
      };
    case 'anuncios':
      return {
        header: csvLine(['Título', 'Tipo', 'Preço (R$)', 'Status', 'Anunciante', 'Apartamento', 'Criado em', 'Publicado em', 'Expira em']),
        async *lines(db) {
          // 'Expirado' as the app shows it, as of the moment the export began.
          const now = deps.clock.now();
          for await (const row of listings.streamForExport(db)) {
            yield csvLine([
              row.title,
              LISTING_TYPE_LABELS[row.type],
              csvAmount(row.price_cents),
              listingStatusText({ status: row.status, pausedBy: row.paused_by, expiresAt: row.expires_at }, now),
              row.owner_full_name,
              row.owner_apartment,
              csvDate(row.created_at, zone),
              csvDate(row.published_at, zone),
              csvDate(row.expires_at, zone),
            ]);
          }
        },
      };
    case 'pedidos':
      return {
        header: csvLine(['Pedido', 'Anúncio', 'Status', 'Total (R$)', 'Solicitante', 'Apto. solicitante', 'Anunciante', 'Apto. anunciante', 'Início', 'Fim', 'Criado em']),
        async *lines(db) {
          for await (const row of orders.streamForExport(db)) {
            yield csvLine([
              row.id,
              row.listing_title,
              ORDER_STATUS_LABELS[row.status],
              csvAmount(row.total_cents),
              row.renter_full_name,
              row.renter_apartment,
              row.owner_full_name,
              row.owner_apartment,
              csvCalendarDate(row.start_date),
              csvCalendarDate(row.end_date),
              csvDate(row.created_at, zone),
            ]);
          }
        },
      };
    case 'atividade':
      return {
        header: csvLine(['Data e hora', 'Quem', 'O quê', 'Registro', 'Tipo', 'Alterações', 'Motivo']),
        async *lines(db) {
          for await (const row of audit.streamAll(db)) {
            const entry = audit.toEntry(row);
            yield csvLine([
              csvDateTime(row.created_at, zone),
              row.actor_full_name ?? 'Sistema',
              (AUDIT_ACTION_LABELS as Record<string, string>)[row.action] ?? row.action,
              row.target_label,
              AUDIT_TARGET_TYPE_LABELS[row.target_type],
              changeText(entry.before, entry.after),
              row.reason,
            ]);
          }
        },
      };
  }
}

export { inExportTransaction } from './exports.repository.ts';
