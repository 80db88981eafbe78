import type { AuditEntry } from '@vizinhanca/shared/audit/audit.schema';
import { formatCalendarDate, formatCurrency } from '@vizinhanca/shared/format/format';

/** The recorded fields, as the Atividade section names them. */
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
};

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
  billing: 'cobrança',
  owner: 'dono',
};

function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.map((item) => VALUE_LABELS[String(item)] ?? String(item)).join(', ') || 'nenhum';
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'number' && field.endsWith('Cents')) return formatCurrency(value);
  if (typeof value === 'string' && field === 'dueDate') return formatCalendarDate(value);
  return VALUE_LABELS[String(value)] ?? String(value);
}

/** 'Status: Pendente → Ativo · Nome: Ana → Ana Souza': what changed, in words. Ids are left out. */
export function changeText(entry: AuditEntry): string | null {
  if (!entry.after) return null;
  const parts = Object.entries(entry.after)
    .filter(([field]) => FIELD_LABELS[field])
    .map(([field, value]) => {
      const label = FIELD_LABELS[field]!;
      const before = entry.before?.[field];
      return before === undefined ? `${label}: ${valueText(field, value)}` : `${label}: ${valueText(field, before)} → ${valueText(field, value)}`;
    });
  return parts.length > 0 ? parts.join(' · ') : null;
}
