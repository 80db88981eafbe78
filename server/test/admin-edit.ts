import type { UpdateAdminUserInput } from '@vizinhanca/shared/users/admin-users.schema';

/** What `admin.users.byId` answers of a person that the administrator's dialog saves back. */
export interface EditablePerson {
  updatedAt: UpdateAdminUserInput['expectedUpdatedAt'];
  fullName: string;
  phone: string | null;
  block: string | null;
  apartment: string | null;
  bio: string | null;
  approvalStatus: UpdateAdminUserInput['approvalStatus'];
  isSuspended: boolean;
  roles: UpdateAdminUserInput['roles'];
}

/** The dialog's fields as the administrator would save them, from the person as read, with `changes` on top. */
export function editInputFrom(userId: string, person: EditablePerson, changes: Partial<UpdateAdminUserInput> = {}): UpdateAdminUserInput {
  return {
    userId,
    expectedUpdatedAt: person.updatedAt,
    fullName: person.fullName,
    phone: person.phone ?? '',
    block: person.block ?? '',
    apartment: person.apartment ?? '',
    bio: person.bio ?? '',
    approvalStatus: person.approvalStatus,
    isSuspended: person.isSuspended,
    roles: person.roles,
    ...changes,
  };
}
