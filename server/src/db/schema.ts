import type { ColumnType, Generated } from 'kysely';
import type { DeliveryOption, ListingStatus, ListingType, PausedBy, PriceUnit } from '@vizinhanca/shared/listings/listing.schema';
import type { NotificationType } from '@vizinhanca/shared/notifications/notification.types';
import type { PixKeyType } from '@vizinhanca/shared/pix/pix-key.schema';
import type { InviteStatus, InviteType } from '@vizinhanca/shared/invites/invite.schema';
import type { OrderStatus } from '@vizinhanca/shared/orders/order.schema';
import type { AuditTargetType } from '@vizinhanca/shared/audit/audit.schema';
import type { BillingStatus } from '@vizinhanca/shared/billing/billing.schema';
import type { ApprovalStatus, Role } from '@vizinhanca/shared/users/user.types';
import type { ImagePurpose } from '@vizinhanca/shared/images/image.rules';
import type { ReportReason, ReportStatus } from '@vizinhanca/shared/reports/report.reasons';
import type { ProblemKind } from '@vizinhanca/shared/orders/order-problem.schema';
import type { ReportTargetType } from '@vizinhanca/shared/reports/report.schema';
import type { DeskHandoverStatus, DeskLeg } from '@vizinhanca/shared/portaria/portaria.schema';
import type { HandoverStage } from '@vizinhanca/shared/orders/handover-condition.schema';
import type { DepositAnswer, DepositOutcome } from '@vizinhanca/shared/deposits/deposit.constants';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  full_name: string;
  cpf: string | null;
  phone: string | null;
  block: string | null;
  apartment: string | null;
  bio: string | null;
  avatar_url: string | null;
  approval_status: ColumnType<ApprovalStatus, ApprovalStatus | undefined, ApprovalStatus>;
  rejection_reason: string | null;
  is_suspended: Generated<boolean>;
  approved_at: Date | null;
  anonymized_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** The resident's own shareable invite code (made by the database). */
  invite_code: Generated<string>;
  invited_by: string | null;
  /** Sum and count of the revealed ratings received as lender ('owner') and as renter ('requester'): recounted by the reviews triggers, never written by the app. */
  rating_sum: ColumnType<number, never, never>;
  rating_count: ColumnType<number, never, never>;
  renter_rating_sum: ColumnType<number, never, never>;
  renter_rating_count: ColumnType<number, never, never>;
}

export interface UserRolesTable {
  user_id: string;
  role: Role;
  created_at: Generated<Date>;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  expires_at: Date;
  created_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Generated<Date>;
}

/** E-mailed sign-in links: one-time tokens like password resets. */
export type SignInLinksTable = PasswordResetTokensTable;

export interface LoginAttemptsTable {
  id: Generated<string>;
  email: string;
  ip: string;
  succeeded: boolean;
  created_at: Timestamp;
}

export interface ThrottlesTable {
  key: string;
  hits: number;
  window_started_at: Timestamp;
  blocked_until: Timestamp;
}

export interface LoginDevicesTable {
  token_hash: string;
  user_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  last_used_at: ColumnType<Date, Date | undefined, Date>;
}


export interface NotificationsTable {
  id: Generated<string>;
  user_id: string;
  type: NotificationType;
  title: string;
  message: string;
  read: Generated<boolean>;
  related_id: string | null;
  created_at: Generated<Date>;
  /** Set on reminders and notices a job may try to make twice: the second is refused. */
  dedupe_key: ColumnType<string | null, string | null | undefined, never>;
}

export interface NotificationPreferencesTable {
  user_id: string;
  push: Generated<boolean>;
  email: Generated<boolean>;
  orders: Generated<boolean>;
  messages: Generated<boolean>;
  pickup_reminders: Generated<boolean>;
  return_reminders: Generated<boolean>;
  announcements: Generated<boolean>;
  /** 'Pendências da administração': staff's push and digest e-mail of items waiting for them. */
  staff_pending: Generated<boolean>;
  updated_at: Generated<Date>;
}

/** When each staff member's last digest of pending items was e-mailed: at most one an hour. */
export interface StaffDigestsTable {
  user_id: string;
  sent_at: Date;
}

export interface PushSubscriptionsTable {
  id: Generated<string>;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Generated<Date>;
}

export interface VapidKeysTable {
  id: Generated<boolean>;
  public_key: string;
  private_key: string;
  created_at: Generated<Date>;
}

export interface EventsTable {
  id: Generated<string>;
  user_id: string | null;
  kind: string;
  payload: ColumnType<unknown, string | undefined, string>;
  created_at: Generated<Date>;
  /** The writing transaction's id (xid8, as text): one NOTIFY announces all of a transaction's events. */
  xact_id: Generated<string>;
}

export interface ImagesTable {
  id: string;
  user_id: string;
  purpose: ImagePurpose;
  width: number;
  height: number;
  bytes: number;
  created_at: Generated<Date>;
}

export interface ListingsTable {
  id: Generated<string>;
  user_id: string;
  type: ListingType;
  title: string;
  description: string;
  price_cents: number;
  price_unit: PriceUnit;
  /** The cover: the photo at the lowest position, kept by a trigger from listing_photos (never written by the app). */
  image_id: ColumnType<string | null, never, never>;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  delivery_options: ColumnType<DeliveryOption[], DeliveryOption[] | undefined, DeliveryOption[]>;
  requires_advance_order: Generated<boolean>;
  minimum_notice_hours: number | null;
  max_portions: number | null;
  /** Ready food's pickup window, 'HH:MM:SS' of the condominium's day (both or neither, a database check). */
  pickup_from: string | null;
  pickup_until: string | null;
  /** Rentals: the deposit asked (caução), 0 for none. */
  deposit_cents: Generated<number>;
  status: ColumnType<ListingStatus, ListingStatus | undefined, ListingStatus>;
  paused_by: PausedBy | null;
  rejection_reason: string | null;
  published_at: Date | null;
  expires_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  deleted_at: Date | null;
  /** The owner's mean as lender (0 unrated), for the 'best rated' sort: kept by the reviews triggers, never written by the app. */
  owner_rating: ColumnType<number, never, never>;
}

export interface OrdersTable {
  id: Generated<string>;
  listing_id: string;
  owner_id: string;
  renter_id: string;
  status: ColumnType<OrderStatus, OrderStatus | undefined, OrderStatus>;
  total_cents: number;
  quantity: Generated<number>;
  /** A service priced per hour: 1 to 12 hours (a database check); null for everything else. */
  hours: number | null;
  /** Calendar dates 'YYYY-MM-DD' (the pg type parser keeps them strings). */
  start_date: string | null;
  end_date: string | null;
  delivery_method: ColumnType<DeliveryOption, DeliveryOption | undefined, DeliveryOption>;
  delivery_address: string | null;
  scheduled_at: Date | null;
  message: string | null;
  rejection_reason: string | null;
  cancellation_reason: string | null;
  created_at: Timestamp;
  approved_at: Date | null;
  delivered_at: Date | null;
  completed_at: Date | null;
  rejected_at: Date | null;
  cancelled_at: Date | null;
  /** 'Pago': either side marked it (the app never holds money). */
  paid_at: Date | null;
  paid_by: string | null;
  /** The listing's deposit when the order was made (a later edit of the listing does not change it). */
  deposit_cents: Generated<number>;
  updated_at: Generated<Date>;
  /** A reservation of a batch ('fornada'); its portions were taken from the batch when it was written. */
  fornada_id: string | null;
}

/** The owner's record of a rental's deposit at its end, and the requester's answer. */
export interface DepositSettlementsTable {
  order_id: string;
  deposit_cents: number;
  outcome: DepositOutcome;
  retained_cents: number;
  reason: string | null;
  settled_by: string;
  settled_at: Date;
  answer: DepositAnswer | null;
  answered_at: Date | null;
  /** The requester's words when contesting (null after their account was closed). */
  contest_text: string | null;
  /** The problem the contest opened or joined. */
  contest_problem_id: string | null;
}

/** Up to 5 photos of a deposit's record, positions 0-4. */
export interface DepositSettlementPhotosTable {
  order_id: string;
  position: number;
  image_id: string;
}

export interface ReviewsTable {
  id: Generated<string>;
  order_id: string;
  reviewer_id: string;
  reviewee_id: string;
  reviewee_role: 'owner' | 'requester';
  rating: number;
  comment: string | null;
  created_at: Timestamp;
  /** When it shows at the latest: both sides reviewed, or the end of the 14-day window. */
  visible_at: Date;
  /** Shown and counted in the ratings: set when both sides reviewed, or by the reviews.reveal job once visible_at passed. */
  revealed: Generated<boolean>;
}

/** Up to 5 photos of a listing, positions 0-4 (0 is the cover). */
export interface ListingPhotosTable {
  listing_id: string;
  position: number;
  image_id: string;
}

export interface ListingBlockedDaysTable {
  listing_id: string;
  /** 'YYYY-MM-DD' (the pg type parser keeps dates strings). */
  day: string;
  created_at: Generated<Date>;
}

export interface FavoritesTable {
  user_id: string;
  listing_id: string;
  created_at: Generated<Date>;
}

/** A report of a listing or a person to the administration (messages keep theirs on the message). */
export interface ReportsTable {
  id: Generated<string>;
  reporter_id: string;
  target_type: ReportTargetType;
  /** The reported person: the listing's owner for a listing, the author for a message or a request. */
  person_id: string;
  listing_id: string | null;
  message_id: string | null;
  request_id: string | null;
  reason: ReportReason;
  details: string | null;
  created_at: Date;
  status: Generated<ReportStatus>;
  decided_by: string | null;
  decided_at: Date | null;
  /** The staff's text: the warning the person read, or a note. */
  decision_note: string | null;
}

/** One resident blocked another: neither sees nor reaches the other. */
export interface UserBlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: Date;
}

export interface OrderMessagesTable {
  id: Generated<string>;
  /** Identity: the order messages were written in. */
  seq: Generated<string>;
  order_id: string;
  sender_id: string;
  /** null for a staff message answering a problem: both people read it. */
  recipient_id: string | null;
  client_id: string;
  body: string;
  created_at: Timestamp;
  read_at: Date | null;
  /** The problem a staff message answers ('Administração'); null for the two people's messages. */
  problem_id: ColumnType<string | null, string | null | undefined, never>;
}

/** Where the last message of an order's thread sits, for each of its two people (kept by a trigger on order_messages): /mensagens reads its index. */
export interface OrderConversationsTable {
  order_id: string;
  person_id: string;
  last_created_at: Date;
  last_seq: string;
  /** The thread's last message, copied by the database's triggers (its body follows erasure and renames). */
  last_message_id: string;
  last_sender_id: string;
  last_body: string;
  /** Messages of the thread sent to this person and not read yet. */
  unread: Generated<number>;
}

/** A problem on an order, opened by one of its two people and settled by the administration. */
export interface OrderProblemsTable {
  id: Generated<string>;
  order_id: string;
  opened_by: string;
  kind: ProblemKind;
  /** What happened, in the opener's words (null once their account was closed). */
  details: string | null;
  created_at: Date;
  status: Generated<'open' | 'resolved'>;
  resolved_by: string | null;
  resolved_at: Date | null;
  /** The decision both read ('Resolvido: …'); null while open, or once one of the two people's account was closed. */
  decision: string | null;
}

export interface OrderProblemPhotosTable {
  problem_id: string;
  position: number;
  image_id: string;
}

export interface PixKeysTable {
  user_id: string;
  key_type: PixKeyType;
  key: string;
  updated_at: Timestamp;
}

/** The values a change replaced and wrote: JSON text given with the row (`Written`), read back parsed, never updated. */
interface ChangedValues<Written> {
  before: ColumnType<unknown, Written | undefined, never>;
  after: ColumnType<unknown, Written | undefined, never>;
}

/** An audit entry: what changed is in its own values (null where none), the personal ones in audit_personal_values. */
export interface AuditLogTable extends ChangedValues<string | null> {
  id: Generated<string>;
  actor_id: string | null;
  action: string;
  target_type: AuditTargetType;
  target_id: string | null;
  /** A listing's title when the entry was written (entries about a listing or an order). */
  target_label: string | null;
  reason: string | null;
  created_at: Timestamp;
}

/** The personal values of one audit entry (LGPD): deleted when the person is anonymised, the entry stays. */
export interface AuditPersonalValuesTable extends ChangedValues<string> {
  audit_id: string;
  user_id: string;
}

export interface BillingsTable {
  id: Generated<string>;
  user_id: string;
  amount_cents: number;
  status: ColumnType<BillingStatus, BillingStatus | undefined, BillingStatus>;
  /** Calendar date 'YYYY-MM-DD'. */
  due_date: string;
  auto_renewal: Generated<boolean>;
  paid_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface InvitesTable {
  id: Generated<string>;
  inviter_id: string;
  email: string;
  apartment: string | null;
  code: Generated<string>;
  type: InviteType;
  status: ColumnType<InviteStatus, InviteStatus | undefined, InviteStatus>;
  expires_at: Timestamp;
  accepted_user_id: string | null;
  accepted_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AnnouncementsTable {
  id: Generated<string>;
  author_id: string;
  title: string;
  body: string;
  image_id: string | null;
  /** The last calendar day it stays on top of home ('yyyy-MM-dd'), or null. */
  pinned_until: string | null;
  created_at: Timestamp;
  edited_at: Date | null;
  removed_at: Date | null;
}

export interface AnnouncementRecipientsTable {
  announcement_id: string;
  user_id: string;
  read_at: Date | null;
}

export interface DeskCodeKeysTable {
  id: Generated<boolean>;
  secret: Buffer;
  created_at: Date;
}

export interface DeskHandoversTable {
  id: Generated<string>;
  order_id: string;
  leg: DeskLeg;
  status: Generated<DeskHandoverStatus>;
  code_serial: Generated<number>;
  code_hash: string;
  started_by: string;
  created_at: Date;
  received_at: Date | null;
  received_by: string | null;
  handed_at: Date | null;
  handed_by: string | null;
  cancelled_at: Date | null;
}

export interface OrderHandoverConditionsTable {
  order_id: string;
  stage: HandoverStage;
  note: string | null;
  recorded_by: string;
  recorded_at: Date;
  confirmed_at: Date | null;
}

export interface OrderHandoverPhotosTable {
  order_id: string;
  stage: HandoverStage;
  position: number;
  image_id: string;
}

/** A batch of a food listing: a day, a window, portions and an order deadline. */
export interface FornadasTable {
  id: Generated<string>;
  listing_id: string;
  seller_id: string;
  /** The condominium's calendar day 'YYYY-MM-DD'. */
  day: string;
  starts_at: Date;
  ends_at: Date;
  order_deadline: Date;
  portions: number;
  /** Portions not reserved yet: taken and given back by the orders triggers, never below zero. */
  remaining: number;
  created_at: Date;
  closed_at: Date | null;
  /** The seller cancelled it ('Cancelar fornada'): closed as well, off the dish's page and the cards. */
  cancelled_at: Date | null;
}

/** 'Avise-me das próximas fornadas': who hears of a seller's next batches. */
export interface FornadaFollowersTable {
  seller_id: string;
  follower_id: string;
  created_at: Date;
}

/** A 'Procura-se' request: what a resident looks for, open for 14 days (renewable once). */
export interface WantedRequestsTable {
  id: Generated<string>;
  author_id: string;
  type: ListingType;
  title: string;
  description: ColumnType<string, string | undefined, string>;
  /** Calendar dates 'YYYY-MM-DD' of a rental request, both or neither. */
  start_date: string | null;
  end_date: string | null;
  max_price_cents: number | null;
  status: ColumnType<'open' | 'found', 'open' | 'found' | undefined, 'open' | 'found'>;
  renewals: ColumnType<number, number | undefined, number>;
  expires_at: Date;
  created_at: Date;
  updated_at: Date;
  found_at: Date | null;
  deleted_at: Date | null;
}

/** 'Eu tenho': a neighbour's listing offered for a request. */
export interface WantedOffersTable {
  id: Generated<string>;
  request_id: string;
  listing_id: string;
  offerer_id: string;
  created_at: Date;
  /** When the author was told (a new listing: at its approval). */
  notified_at: Date | null;
}

export interface Database {
  users: UsersTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  sign_in_links: SignInLinksTable;
  login_attempts: LoginAttemptsTable;
  throttles: ThrottlesTable;
  login_devices: LoginDevicesTable;
  notifications: NotificationsTable;
  events: EventsTable;
  images: ImagesTable;
  listings: ListingsTable;
  orders: OrdersTable;
  reviews: ReviewsTable;
  order_messages: OrderMessagesTable;
  order_conversations: OrderConversationsTable;
  pix_keys: PixKeysTable;
  notification_preferences: NotificationPreferencesTable;
  staff_digests: StaffDigestsTable;
  push_subscriptions: PushSubscriptionsTable;
  vapid_keys: VapidKeysTable;
  audit_log: AuditLogTable;
  audit_personal_values: AuditPersonalValuesTable;
  billings: BillingsTable;
  invites: InvitesTable;
  listing_blocked_days: ListingBlockedDaysTable;
  listing_photos: ListingPhotosTable;
  favorites: FavoritesTable;
  announcements: AnnouncementsTable;
  announcement_recipients: AnnouncementRecipientsTable;
  reports: ReportsTable;
  user_blocks: UserBlocksTable;
  desk_code_keys: DeskCodeKeysTable;
  desk_handovers: DeskHandoversTable;
  order_handover_conditions: OrderHandoverConditionsTable;
  order_handover_photos: OrderHandoverPhotosTable;
  fornadas: FornadasTable;
  fornada_followers: FornadaFollowersTable;
  order_problems: OrderProblemsTable;
  order_problem_photos: OrderProblemPhotosTable;
  wanted_requests: WantedRequestsTable;
  wanted_offers: WantedOffersTable;
  deposit_settlements: DepositSettlementsTable;
  deposit_settlement_photos: DepositSettlementPhotosTable;
}
