import {
  ANNOUNCEMENT_MESSAGES,
  announcementNotificationTitle,
  isPinnedUntilAllowed,
  type AnnouncementFields,
  type AnnouncementItem,
  type PinnedAnnouncement,
} from '@vizinhanca/shared/announcements/announcement.schema';
import { AUDIT_ACTIONS } from '@vizinhanca/shared/audit/audit.schema';
import { imageUrl } from '@vizinhanca/shared/images/image.rules';
import { ANNOUNCEMENT_PUBLISHED_KIND, ANNOUNCEMENTS_CHANGED_KIND, NOTIFICATIONS_CHANGED_KIND } from '@vizinhanca/shared/realtime/realtime-event';
import type { AuthUser } from '../../auth/sessions.ts';
import type { AppDeps } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { eventPayloadText } from '../../realtime/event-content.ts';
import * as audit from '../audit/audit.service.ts';
import { announcementExcerpt, deliverAnnouncementJob } from './announcement-delivery.ts';
import * as announcements from './announcements.repository.ts';

/** 'Fixar até' may not be before the condominium's today (an unchanged date of an older announcement may stay). */
function checkPinnedUntil(deps: AppDeps, pinnedUntil: string | null, unchangedFrom: string | null = null) {
  if (pinnedUntil !== unchangedFrom && !isPinnedUntilAllowed(pinnedUntil, deps.clock.today())) {
    throw new AppError('BAD_REQUEST', ANNOUNCEMENT_MESSAGES.pinnedInPast, 'INVALID_INPUT');
  }
}

/** An announcement shows only its author's own announcement uploads (re-encoded by the image pipeline). */
async function checkPhoto(trx: Db, authorId: string, imageId: string | null) {
  if (imageId && !(await announcements.isOwnAnnouncementPhoto(trx, imageId, authorId))) {
    throw new AppError('BAD_REQUEST', ANNOUNCEMENT_MESSAGES.invalidPhoto, 'INVALID_INPUT');
  }
}

/** Edits and removals reach every open /comunicados and home: they read the list and the banner again. */
function announceChange(trx: Db) {
  return announcements.publishToActiveResidents(trx, { kind: ANNOUNCEMENTS_CHANGED_KIND, payloadText: eventPayloadText({ kind: ANNOUNCEMENTS_CHANGED_KIND, payload: {} }) });
}

/**
 * Publishes to every active resident in one transaction: the announcement, a recipient row,
 * notification and live event each (set-based, all or none), the audit entry and one delivery
 * job that fans the e-mails and pushes out after the commit.
 */
export async function publish(deps: AppDeps, authorId: string, fields: AnnouncementFields) {
  checkPinnedUntil(deps, fields.pinnedUntil);
  const at = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    await checkPhoto(trx, authorId, fields.imageId);
    const row = await announcements.insertAnnouncement(trx, { authorId, ...fields, at });
    const notification = { title: announcementNotificationTitle(fields.title), message: announcementExcerpt(fields.body) };
    const event = { kind: ANNOUNCEMENT_PUBLISHED_KIND, payload: { id: row.id, ...notification } } as const;
    const recipients = await announcements.fanOut(trx, { announcementId: row.id, authorId, notification, at, event: { kind: event.kind, payloadText: eventPayloadText(event) } });
    await deps.queue.enqueue(trx, deliverAnnouncementJob, { announcementId: row.id }, { key: `announcement:${row.id}` });
    await audit.record(deps, trx, {
      actorId: authorId,
      action: AUDIT_ACTIONS.announcementPublished,
      targetType: 'announcement',
      targetId: row.id,
      after: { title: fields.title, pinnedUntil: fields.pinnedUntil, recipients },
    });
    return { id: row.id, recipients, message: ANNOUNCEMENT_MESSAGES.published };
  });
}

/** The locked announcement, refused when missing or removed. */
async function editable(trx: Db, id: string, removedMessage: string) {
  const current = await announcements.lockAnnouncement(trx, id);
  if (!current) throw new AppError('NOT_FOUND', ANNOUNCEMENT_MESSAGES.notFound);
  if (current.removed_at) throw new AppError('CONFLICT', removedMessage);
  return current;
}

export async function update(deps: AppDeps, editorId: string, id: string, fields: AnnouncementFields) {
  const at = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const current = await editable(trx, id, ANNOUNCEMENT_MESSAGES.removedCannotEdit);
    checkPinnedUntil(deps, fields.pinnedUntil, current.pinned_until);
    if (fields.imageId !== current.image_id) await checkPhoto(trx, editorId, fields.imageId);
    await announcements.updateAnnouncement(trx, id, { ...fields, at });
    await audit.record(deps, trx, {
      actorId: editorId,
      action: AUDIT_ACTIONS.announcementEdited,
      targetType: 'announcement',
      targetId: id,
      before: { title: current.title, pinnedUntil: current.pinned_until, photo: current.image_id !== null },
      after: { title: fields.title, pinnedUntil: fields.pinnedUntil, photo: fields.imageId !== null },
    });
    await announceChange(trx);
  });
  return { message: ANNOUNCEMENT_MESSAGES.updated };
}

export async function remove(deps: AppDeps, actorId: string, id: string) {
  await deps.db.transaction().execute(async (trx) => {
    const current = await editable(trx, id, ANNOUNCEMENT_MESSAGES.alreadyRemoved);
    await announcements.markRemoved(trx, id, deps.clock.now());
    await audit.record(deps, trx, { actorId, action: AUDIT_ACTIONS.announcementRemoved, targetType: 'announcement', targetId: id, before: { title: current.title } });
    await announceChange(trx);
  });
  return { message: ANNOUNCEMENT_MESSAGES.removed };
}

export async function list(deps: AppDeps, reader: AuthUser): Promise<{ items: AnnouncementItem[] }> {
  const isAdmin = reader.roles.includes('admin');
  const rows = await announcements.listAnnouncements(deps.db, reader.id, isAdmin);
  return {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      body: row.body,
      imageUrl: row.image_id ? imageUrl(row.image_id, 'detail') : null,
      pinnedUntil: row.pinned_until,
      author: { fullName: row.author_name },
      createdAt: row.created_at,
      editedAt: row.edited_at,
      unread: row.unread,
      reads: 'read_count' in row ? { read: Number(row.read_count), recipients: Number(row.recipient_count) } : null,
    })),
  };
}

export async function pinned(deps: AppDeps): Promise<PinnedAnnouncement | null> {
  const row = await announcements.findPinned(deps.db, deps.clock.today());
  return row ? { id: row.id, title: row.title, pinnedUntil: row.pinned_until! } : null;
}

/**
 * The reader opened /comunicados: every announcement they got is read, and so are its notifications (every tab's badge follows);
 * the administrators' open /comunicados read 'Lido por N de M moradores' again.
 */
export async function markAllRead(deps: AppDeps, userId: string) {
  await deps.db.transaction().execute(async (trx) => {
    const read = await announcements.markAllRead(trx, userId, deps.clock.now());
    if (read.length) await deps.bus.publishToStaff(trx, { kind: ANNOUNCEMENTS_CHANGED_KIND, payload: {} });
    if (await announcements.markNotificationsRead(trx, userId, read)) await deps.bus.publish(trx, { userId, kind: NOTIFICATIONS_CHANGED_KIND, payload: {} });
  });
}
