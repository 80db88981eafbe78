import { formatCalendarDate, formatCurrency, formatDate } from '../format/format.ts';
import { REPORT_REASON_LABELS } from '../reports/report.reasons.ts';
import { REPORT_OUTCOME_LABELS } from '../reports/report.schema.ts';
import type { AuditTargetType } from './audit.schema.ts';

// How an audit entry reads, in words: the Atividade section and the atividade.csv export.

/** What each entry is about ('Tipo' in the export). */
export const AUDIT_TARGET_TYPE_LABELS: Record<AuditTargetType, string> = {
  user: 'Pessoa',
  listing: 'Anúncio',
  order: 'Pedido',
  billing: 'Cobrança',
  announcement: 'Comunicado',
  request: 'Procura-se',
};

/** The recorded fields, as the administration names them. */
const FIELD_LABELS: Record<string, string> = {
  fullName: 'Nome',
  phone: 'Telefone',
  block: 'Bloco',
  apartment: 'Apartamento',
  bio: 'Bio',
  approvalStatus: 'Cadastro',
  isSuspended: 'Suspenso',
  roles: 'Papéis',
  status: 'Status',
  pausedBy: 'Pausado por',
  title: 'Título',
  description: 'Descrição',
  priceCents: 'Preço',
  amountCents: 'Valor',
  dueDate: 'Vencimento',
  autoRenewal: 'Renovação automática',
  expiresAt: 'Expira em',
  days: 'Dias',
  day: 'Dia',
  paid: 'Pago',
  rating: 'Nota',
  reason: 'Motivo',
  pinnedUntil: 'Fixar até',
  photo: 'Foto',
  recipients: 'Moradores',
  outcome: 'Decisão',
  leg: 'Portaria',
  maxPriceCents: 'Preço máximo',
};

/** Fields that hold a calendar day ('YYYY-MM-DD'), or a list of them. */
const CALENDAR_FIELDS: ReadonlySet<string> = new Set(['dueDate', 'days', 'day', 'pinnedUntil']);

const VALUE_LABELS: Record<string, string> = {
  pending: 'Pendente',
  approved: 'Aprovado',
  rejected: 'Rejeitado',
  active: 'Ativo',
  paused: 'Pausado',
  inactive: 'Pausado pelo dono',
  deleted: 'Excluído',
  cancelled: 'Cancelado',
  overdue: 'Vencida',
  paid: 'Paga',
  admin: 'Administrador',
  moderator: 'Moderador',
  portaria: 'Portaria',
  delivery: 'entrega ao morador',
  return: 'devolução ao dono',
  billing: 'cobrança',
  owner: 'dono',
  open: 'Aberto',
  found: 'Encontrado',
  ...REPORT_REASON_LABELS,
  ...REPORT_OUTCOME_LABELS,
};

function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.map((item) => valueText(field, item)).join(', ') || 'nenhum';
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'number' && field.endsWith('Cents')) return formatCurrency(value);
  if (typeof value === 'string' && CALENDAR_FIELDS.has(field)) return formatCalendarDate(value);
  if (typeof value === 'string' && field === 'expiresAt') return formatDate(new Date(value));
  return VALUE_LABELS[String(value)] ?? String(value);
}

/** 'Status: Pendente → Ativo · Nome: Ana → Ana Souza': what changed, in words, or null. Ids are left out. */
export function changeText(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string | null {
  if (!after) return null;
  const parts = Object.entries(after)
    .filter(([field]) => FIELD_LABELS[field])
    .map(([field, value]) => {
      const label = FIELD_LABELS[field]!;
      const was = before?.[field];
      return was === undefined ? `${label}: ${valueText(field, value)}` : `${label}: ${valueText(field, was)} → ${valueText(field, value)}`;
    });
  return parts.length > 0 ? parts.join(' · ') : null;
}
