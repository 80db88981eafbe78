import { AUDIT_ACTIONS } from '@vizinhanca/shared/audit/audit.schema';
import type { ReportReason, ReportStatus } from '@vizinhanca/shared/reports/report.reasons';
import {
  EARLIER_REPORTS_LIMIT,
  OPEN_REPORTS_LIMIT,
  REPORT_HANDLED_NOTICE,
  REPORT_MESSAGES,
  REMOVED_BY_STAFF_NOTICES,
  WARNING_NOTICE_TITLE,
  type ReportOutcome,
  type OpenReport,
} from '@vizinhanca/shared/reports/report.schema';
import { reportedListingLabel } from '@vizinhanca/shared/notifications/staff-pending.messages';
import { isStaff } from '@vizinhanca/shared/users/user.types';
import type { AuthUser } from '../../auth/auth-user.ts';
import type { AppDeps } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import * as audit from '../audit/audit.service.ts';
import * as listings from '../listings/listings.service.ts';
import * as messages from '../messages/messages.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { notifyStaffOfPendingItem } from '../notifications/pending-items.ts';
import * as users from '../users/users.service.ts';
import * as wanted from '../wanted/wanted.service.ts';
import type { BlockView } from '../blocks/blocks.service.ts';
import * as reports from './reports.repository.ts';

/** What each decision leaves the report as. */
const STATUS_OF: Record<ReportOutcome, Exclude<ReportStatus, 'open'>> = {
  archive: 'archived',
  remove_listing: 'listing_removed',
  remove_request: 'request_removed',
  warn: 'warned',
  suspend: 'suspended',
};

/** A new report in the audit log (staff see it live on /admin through the log's summary event); the reporter's own words stay in the report alone. */
const REPORTED_ACTIONS = { listing: AUDIT_ACTIONS.listingReported, user: AUDIT_ACTIONS.userReported, request: AUDIT_ACTIONS.requestReported } as const;

function recordReport(deps: AppDeps, trx: Db, report: { reporterId: string; targetType: 'listing' | 'user' | 'request'; targetId: string; reason: ReportReason }) {
  return audit.record(deps, trx, {
    actorId: report.reporterId,
    action: REPORTED_ACTIONS[report.targetType],
    targetType: report.targetType,
    targetId: report.targetId,
    after: { reason: report.reason },
  });
}

/** 'Denunciar' on a listing neighbours can see; never one's own. */
export async function reportListing(deps: AppDeps, reporterId: string, input: { listingId: string; reason: ReportReason; details: string | null }) {
  await deps.db.transaction().execute(async (trx) => {
    const listing = await listings.findPublic(trx, input.listingId, deps.clock.now());
    if (!listing) throw new AppError('NOT_FOUND', REPORT_MESSAGES.listingNotFound);
    if (listing.user_id === reporterId) throw new AppError('FORBIDDEN', REPORT_MESSAGES.ownListing);
    const report = { reporterId, personId: listing.user_id, listingId: listing.id, messageId: null, requestId: null, reason: input.reason, details: input.details, createdAt: deps.clock.now() };
    const id = await reports.insertReport(trx, { ...report, targetType: 'listing' });
    await recordReport(deps, trx, { ...report, targetType: 'listing', targetId: listing.id });
    await notifyStaffOfPendingItem(deps, trx, { kind: 'report', id, label: reportedListingLabel(listing.title), actorId: reporterId });
  });
  return { message: REPORT_MESSAGES.listingReported };
}

/** 'Denunciar' on a 'Procura-se' request neighbours can see; never one's own. */
export async function reportRequest(deps: AppDeps, reporter: BlockView & { id: string }, input: { requestId: string; reason: ReportReason; details: string | null }) {
  await deps.db.transaction().execute(async (trx) => {
    const request = await wanted.findReportable(trx, reporter, input.requestId);
    if (!request) throw new AppError('NOT_FOUND', REPORT_MESSAGES.requestNotFound);
    if (request.authorId === reporter.id) throw new AppError('FORBIDDEN', REPORT_MESSAGES.ownRequest);
    const report = { reporterId: reporter.id, personId: request.authorId, listingId: null, messageId: null, requestId: request.id, reason: input.reason, details: input.details, createdAt: deps.clock.now() };
    const id = await reports.insertReport(trx, { ...report, targetType: 'request' });
    await recordReport(deps, trx, { ...report, targetType: 'request', targetId: request.id });
    await notifyStaffOfPendingItem(deps, trx, { kind: 'report', id, label: `um Procura-se ("${request.title}")`, actorId: reporter.id });
  });
  return { message: REPORT_MESSAGES.requestReported };
}

/** 'Denunciar' on a neighbour's page; never oneself. */
export async function reportPerson(deps: AppDeps, reporterId: string, input: { userId: string; reason: ReportReason; details: string | null }) {
  if (input.userId === reporterId) throw new AppError('FORBIDDEN', REPORT_MESSAGES.self);
  await deps.db.transaction().execute(async (trx) => {
    const person = await reports.findReportablePerson(trx, input.userId);
    if (!person) throw new AppError('NOT_FOUND', REPORT_MESSAGES.personNotFound);
    const report = { reporterId, personId: person.id, listingId: null, messageId: null, requestId: null, reason: input.reason, details: input.details, createdAt: deps.clock.now() };
    const id = await reports.insertReport(trx, { ...report, targetType: 'person' });
    await recordReport(deps, trx, { ...report, targetType: 'user', targetId: person.id });
    await notifyStaffOfPendingItem(deps, trx, { kind: 'report', id, label: `um vizinho (${person.full_name})`, actorId: reporterId });
  });
  return { message: REPORT_MESSAGES.personReported };
}

/**
 * 'Denunciar' on a message of one's conversation: only its recipient may, once. The thread
 * stays as it is; staff may read it from then on.
 */
export async function reportMessage(deps: AppDeps, reporterId: string, input: { messageId: string; reason: ReportReason; details: string | null }) {
  await deps.db.transaction().execute(async (trx) => {
    const message = await messages.findForReport(trx, input.messageId);
    // Anyone outside the conversation, a guessed id included, reads "not found".
    if (!message || (message.sender_id !== reporterId && message.recipient_id !== reporterId)) {
      throw new AppError('NOT_FOUND', REPORT_MESSAGES.messageNotFound);
    }
    if (message.sender_id === reporterId) throw new AppError('FORBIDDEN', REPORT_MESSAGES.ownMessage);
    const id = await reports.insertReport(trx, {
      reporterId,
      targetType: 'message',
      personId: message.sender_id,
      listingId: null,
      messageId: message.id,
      requestId: null,
      reason: input.reason,
      details: input.details,
      createdAt: deps.clock.now(),
    });
    await audit.record(deps, trx, {
      actorId: reporterId,
      action: AUDIT_ACTIONS.messageReported,
      targetType: 'order',
      targetId: message.order_id,
      after: { messageId: message.id, reason: input.reason },
      reason: input.details,
    });
    await notifyStaffOfPendingItem(deps, trx, { kind: 'report', id, label: 'uma mensagem', actorId: reporterId });
  });
  return { message: REPORT_MESSAGES.messageReported };
}

// ---- The administration ----

/** /admin 'Denúncias': every open report, and the other reports about the same person (a listing's owner and a message's author included). */
export async function listOpen(deps: AppDeps): Promise<{ items: OpenReport[] }> {
  const rows = await reports.listOpen(deps.db, OPEN_REPORTS_LIMIT);
  const about = await reports.listAboutPeople(deps.db, [...new Set(rows.map((row) => row.person_id))]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      targetType: row.target_type,
      listing: row.listing_id ? { id: row.listing_id, title: row.listing_title!, removed: row.listing_deleted_at !== null } : null,
      message: row.message_id
        ? { id: row.message_id, body: row.message_body!, createdAt: row.message_created_at!, orderId: row.message_order_id!, listingTitle: row.message_listing_title! }
        : null,
      request: row.request_id ? { id: row.request_id, title: row.request_title!, removed: row.request_deleted_at !== null } : null,
      person: {
        id: row.person_id,
        fullName: row.person_full_name,
        apartment: row.person_apartment,
        isSuspended: row.person_is_suspended,
        isStaff: isStaff(row.person_roles),
      },
      reporter: { id: row.reporter_id, fullName: row.reporter_full_name, apartment: row.reporter_apartment },
      reason: row.reason,
      details: row.details,
      createdAt: row.created_at,
      earlier: about
        .filter((other) => other.person_id === row.person_id && other.id !== row.id)
        .slice(0, EARLIER_REPORTS_LIMIT)
        .map((other) => ({ id: other.id, targetType: other.target_type, reason: other.reason, status: other.status, createdAt: other.created_at, listingTitle: other.listing_title })),
    })),
  };
}

export function openCount(deps: AppDeps): Promise<number> {
  return reports.countOpen(deps.db);
}

/**
 * A decision on an open report, for it and every other open report about the same
 * listing, request (or person): 'Arquivar', 'Remover anúncio' and 'Remover pedido' (the
 * author is told), 'Advertir' (the person reads the staff's text), 'Suspender' (administrators only). In the audit log; each reporter is
 * told it was handled, never what was decided.
 */
export async function decide(deps: AppDeps, actor: AuthUser, input: { reportId: string; outcome: ReportOutcome; note: string | null }) {
  const { outcome, note } = input;
  if (outcome === 'suspend' && !actor.roles.includes('admin')) throw new AppError('FORBIDDEN', REPORT_MESSAGES.suspendAdminOnly);
  await deps.db.transaction().execute(async (trx) => {
    const report = await reports.lockReport(trx, input.reportId);
    if (!report) throw new AppError('NOT_FOUND', REPORT_MESSAGES.reportNotFound);
    if (report.status !== 'open') throw new AppError('CONFLICT', REPORT_MESSAGES.alreadyDecided);
    if (outcome === 'remove_listing') {
      if (!report.listing_id) throw new AppError('BAD_REQUEST', REPORT_MESSAGES.notAListing);
      const removed = await listings.deleteByStaff(deps, trx, actor.id, report.listing_id);
      await notify(deps, trx, { userId: removed.ownerId, type: 'status_update', ...REMOVED_BY_STAFF_NOTICES.listing(removed.title) });
    }
    if (outcome === 'remove_request') {
      if (!report.request_id) throw new AppError('BAD_REQUEST', REPORT_MESSAGES.notARequest);
      const removed = await wanted.removeByStaff(deps, trx, actor.id, report.request_id);
      await notify(deps, trx, { userId: removed.authorId, type: 'status_update', ...REMOVED_BY_STAFF_NOTICES.request(removed.title) });
    }
    if (outcome === 'warn') {
      await notify(deps, trx, { userId: report.person_id, type: 'status_update', title: WARNING_NOTICE_TITLE, message: note! });
      await audit.record(deps, trx, { actorId: actor.id, action: AUDIT_ACTIONS.userWarned, targetType: 'user', targetId: report.person_id, reason: note });
    }
    if (outcome === 'suspend') {
      if (isStaff(await users.rolesOf(trx, report.person_id))) throw new AppError('FORBIDDEN', REPORT_MESSAGES.suspendStaff);
      await users.suspendForReport(deps, trx, { actorId: actor.id, userId: report.person_id, reason: note });
    }
    const target = { targetType: report.target_type, personId: report.person_id, listingId: report.listing_id, requestId: report.request_id };
    const closed = await reports.closeOpenAbout(trx, target, { status: STATUS_OF[outcome], by: actor.id, at: deps.clock.now(), note });
    const decided = report.listing_id
      ? { action: AUDIT_ACTIONS.listingReportDecided, targetType: 'listing' as const, targetId: report.listing_id }
      : report.request_id
        ? { action: AUDIT_ACTIONS.requestReportDecided, targetType: 'request' as const, targetId: report.request_id }
        : { action: AUDIT_ACTIONS.userReportDecided, targetType: 'user' as const, targetId: report.person_id };
    await audit.record(deps, trx, {
      actorId: actor.id,
      ...decided,
      after: { outcome, reports: closed.length },
      reason: outcome === 'warn' ? null : note,
    });
    for (const reporterId of new Set(closed.map((row) => row.reporter_id))) {
      await notify(deps, trx, { userId: reporterId, type: 'status_update', ...REPORT_HANDLED_NOTICE });
    }
  });
  return { message: REPORT_MESSAGES.decided[outcome] };
}
