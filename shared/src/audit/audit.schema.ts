import { z } from 'zod';
// Configures Zod (pt-BR messages, no eval under the CSP) wherever a schema is defined.
import '../validation/zod-locale.ts';

// The administration's audit log (decisions.md "Administration"): append-only,
// written in the same transaction as the change it records.

export const AUDIT_TARGET_TYPES = ['user', 'listing', 'order', 'billing', 'announcement'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** What happened: every change to an order, a listing, a person or money, by staff, residents or the app's rules. */
export const AUDIT_ACTIONS = {
  userSignedUp: 'user.signed_up',
  userApproved: 'user.approved',
  userRejected: 'user.rejected',
  userUpdated: 'user.updated',
  userSuspended: 'user.suspended',
  userReactivated: 'user.reactivated',
  userRoleGranted: 'user.role_granted',
  userRoleRemoved: 'user.role_removed',
  userAnonymized: 'user.anonymized',
  userPasswordChanged: 'user.password_changed',
  userPasswordReset: 'user.password_reset',
  userPixKeySaved: 'user.pix_key_saved',
  userPixKeyRemoved: 'user.pix_key_removed',
  listingCreated: 'listing.created',
  listingEdited: 'listing.edited',
  listingApproved: 'listing.approved',
  listingRejected: 'listing.rejected',
  listingPaused: 'listing.paused',
  listingActivated: 'listing.activated',
  listingDeleted: 'listing.deleted',
  listingPausedByOwner: 'listing.paused_by_owner',
  listingReactivatedByOwner: 'listing.reactivated_by_owner',
  listingRenewed: 'listing.renewed',
  listingDaysBlocked: 'listing.days_blocked',
  listingDayUnblocked: 'listing.day_unblocked',
  listingPausedByBilling: 'listing.paused_by_billing',
  listingRestoredByBilling: 'listing.restored_by_billing',
  orderCreated: 'order.created',
  orderApproved: 'order.approved',
  orderRejected: 'order.rejected',
  orderCancelled: 'order.cancelled',
  orderExpired: 'order.expired',
  orderDelivered: 'order.delivered',
  orderCompleted: 'order.completed',
  orderMarkedPaid: 'order.marked_paid',
  orderReviewed: 'order.reviewed',
  orderCancelledBySuspension: 'order.cancelled_by_suspension',
  orderCancelledByAccountClosure: 'order.cancelled_by_account_closure',
  orderDeskStarted: 'order.desk_started',
  orderDeskReceived: 'order.desk_received',
  orderDeskHandedOver: 'order.desk_handed_over',
  orderConditionConfirmed: 'order.condition_confirmed',
  orderDeskCancelled: 'order.desk_cancelled',
  messageReported: 'order.message_reported',
  orderProblemOpened: 'order.problem_opened',
  orderProblemStaffMessage: 'order.problem_staff_message',
  orderProblemResolved: 'order.problem_resolved',
  problemThreadRead: 'order.problem_thread_read',
  listingReported: 'listing.reported',
  listingReportDecided: 'listing.report_decided',
  userReported: 'user.reported',
  userReportDecided: 'user.report_decided',
  userWarned: 'user.warned',
  reportedThreadRead: 'order.reported_thread_read',
  billingCreated: 'billing.created',
  billingPaid: 'billing.paid',
  billingOverdue: 'billing.overdue',
  announcementPublished: 'announcement.published',
  announcementEdited: 'announcement.edited',
  announcementRemoved: 'announcement.removed',
} as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS];

/** How each action reads in the Atividade section. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'user.signed_up': 'Novo cadastro',
  'user.approved': 'Cadastro aprovado',
  'user.rejected': 'Cadastro rejeitado',
  'user.updated': 'Perfil editado',
  'user.suspended': 'Conta suspensa',
  'user.reactivated': 'Conta reativada',
  'user.role_granted': 'Papel concedido',
  'user.role_removed': 'Papel removido',
  'user.anonymized': 'Dados anonimizados',
  'user.password_changed': 'Senha alterada',
  'user.password_reset': 'Senha redefinida pelo link do e-mail',
  'user.pix_key_saved': 'Chave Pix salva',
  'user.pix_key_removed': 'Chave Pix removida',
  'listing.created': 'Anúncio criado',
  'listing.edited': 'Anúncio editado',
  'listing.approved': 'Anúncio aprovado',
  'listing.rejected': 'Anúncio rejeitado',
  'listing.paused': 'Anúncio pausado',
  'listing.activated': 'Anúncio ativado',
  'listing.deleted': 'Anúncio excluído',
  'listing.paused_by_owner': 'Anúncio pausado pelo dono',
  'listing.reactivated_by_owner': 'Anúncio reativado pelo dono',
  'listing.renewed': 'Anúncio renovado',
  'listing.days_blocked': 'Dias bloqueados',
  'listing.day_unblocked': 'Dia desbloqueado',
  'listing.paused_by_billing': 'Anúncio pausado por cobrança vencida',
  'listing.restored_by_billing': 'Anúncio reativado após pagamento',
  'order.created': 'Pedido criado',
  'order.approved': 'Pedido aprovado',
  'order.rejected': 'Pedido rejeitado',
  'order.cancelled': 'Pedido cancelado',
  'order.expired': 'Pedido expirado sem resposta',
  'order.delivered': 'Pedido entregue',
  'order.completed': 'Pedido concluído',
  'order.marked_paid': 'Pedido marcado como pago',
  'order.reviewed': 'Avaliação enviada',
  'order.cancelled_by_suspension': 'Pedido cancelado por suspensão',
  'order.cancelled_by_account_closure': 'Pedido cancelado: conta encerrada',
  'order.desk_started': 'Código da portaria gerado',
  'order.desk_received': 'Item recebido na portaria',
  'order.desk_handed_over': 'Item entregue pela portaria',
  'order.condition_confirmed': 'Estado do item confirmado',
  'order.desk_cancelled': 'Código da portaria cancelado',
  'order.message_reported': 'Mensagem denunciada',
  'order.problem_opened': 'Problema aberto no pedido',
  'order.problem_staff_message': 'Mensagem da administração no pedido',
  'order.problem_resolved': 'Problema resolvido',
  'order.problem_thread_read': 'Conversa de um problema lida pela administração',
  'listing.reported': 'Anúncio denunciado',
  'listing.report_decided': 'Denúncia de anúncio analisada',
  'user.reported': 'Vizinho denunciado',
  'user.report_decided': 'Denúncia de vizinho analisada',
  'user.warned': 'Advertência enviada',
  'order.reported_thread_read': 'Conversa denunciada lida pela moderação',
  'billing.created': 'Cobrança criada',
  'billing.paid': 'Cobrança paga',
  'billing.overdue': 'Cobrança vencida',
  'announcement.published': 'Comunicado publicado',
  'announcement.edited': 'Comunicado editado',
  'announcement.removed': 'Comunicado removido',
};

/** What an anonymisation leaves in place of a personal value of an audit entry (the database allows only this change). */
export const AUDIT_REDACTED_VALUE = 'Removido (LGPD)';

export const AUDIT_PAGE_SIZE = 20;

export const auditListSchema = z.object({
  /** The id of the last entry seen ('Ver mais'). */
  cursor: z.string().regex(/^\d{1,18}$/, 'Página inválida').nullish().transform((cursor) => cursor ?? null),
});

export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  label: z.string(),
  actor: z.object({ id: z.string(), fullName: z.string(), avatarUrl: z.string().nullable() }).nullable(),
  targetType: z.enum(AUDIT_TARGET_TYPES),
  targetId: z.string().nullable(),
  targetLabel: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  /** The entry is about a person who was anonymised: their personal values were removed (LGPD). */
  personalDataRemoved: z.boolean(),
  createdAt: z.date(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), nextCursor: z.string().nullable() });
