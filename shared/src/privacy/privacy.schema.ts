import { z } from 'zod';

const rows = z.array(z.record(z.string(), z.unknown()));

/** 'Baixar meus dados': everything the app holds about the person, as JSON. */
export const personalDataExportSchema = z.object({
  exportedAt: z.string(),
  condominium: z.string(),
  account: z.record(z.string(), z.unknown()),
  roles: rows,
  sessions: rows,
  loginAttempts: rows,
  notifications: rows,
  images: rows,
  listings: rows,
  orders: rows,
  reviews: rows,
  invitesSent: rows,
});
export type PersonalDataExport = z.infer<typeof personalDataExportSchema>;

export const exportRequestSchema = z.object({}).optional();
