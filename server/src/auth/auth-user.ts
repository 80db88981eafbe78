import type { ApprovalStatus, Role } from '@vizinhanca/shared/users/user.types';

/** The signed-in person, as every request sees them. */
export interface AuthUser {
  id: string;
  email: string;
  fullName: string;
  approvalStatus: ApprovalStatus;
  isSuspended: boolean;
  roles: Role[];
  /** People this person blocked: neither sees nor reaches the other (read with the session, dropped with it on a change). */
  blockedIds: string[];
  /** People who blocked this person (never shown to them: their screens read "not found"). */
  blockedByIds: string[];
}

/** A session as the app sees it (lucia's shape stays in sessions.ts). */
export interface AuthSession {
  id: string;
  userId: string;
  expiresAt: Date;
  createdAt: Date;
  fresh: boolean;
}
