export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const ROLES = ['admin', 'moderator', 'portaria'] as const;
export type Role = (typeof ROLES)[number];

/** Where a signed-in user may be, by account state (docs/product.md §2.6). */
export type AccountState = 'approved' | 'pending' | 'rejected' | 'suspended';

export function accountState(user: { approvalStatus: ApprovalStatus; isSuspended: boolean }): AccountState {
  if (user.isSuspended) return 'suspended';
  return user.approvalStatus;
}

export function isStaff(roles: readonly Role[]): boolean {
  return roles.includes('admin') || roles.includes('moderator');
}

/** The front desk's account: it uses /portaria and nothing else of the app. */
export function isFrontDesk(roles: readonly Role[]): boolean {
  return roles.includes('portaria');
}

/** Initials for the avatar fallback: first and last name. */
export function initials(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const first = parts[0]!.charAt(0);
  const last = parts.length > 1 ? parts[parts.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}
