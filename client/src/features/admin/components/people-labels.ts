import { USER_STATUS_FILTER_LABELS, USER_STATUS_FILTERS, type UserStatusFilter } from '@vizinhanca/shared/users/admin-users.schema';
import type { ApprovalStatus, Role } from '@vizinhanca/shared/users/user.types';

export const APPROVAL_LABELS: Record<ApprovalStatus, string> = { pending: 'Pendente', approved: 'Aprovado', rejected: 'Rejeitado' };

export const ROLE_LABELS: Record<Role, string> = { admin: 'Administrador', moderator: 'Moderador', portaria: 'Portaria' };

export const USER_STATUS_OPTIONS: readonly { value: UserStatusFilter; label: string }[] = USER_STATUS_FILTERS.map((value) => ({
  value,
  label: USER_STATUS_FILTER_LABELS[value],
}));

export const APPROVAL_OPTIONS: readonly { value: ApprovalStatus; label: string }[] = (['approved', 'pending', 'rejected'] as const).map((value) => ({
  value,
  label: APPROVAL_LABELS[value],
}));
