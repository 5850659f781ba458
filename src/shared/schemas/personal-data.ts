import * as z from 'zod/mini';

/*
 * The artist's data: everything held about their address, downloaded as one ZIP, and their
 * request to be erased, which an admin completes within 30 days. zod/mini: the artist's pages are
 * public pages.
 */

/** Days an admin has to complete an erasure request: the month the DPDP Rules and the GDPR give. */
export const ERASURE_DAYS = 30;

export const MY_DATA_FILE_NAME = 'my-data.zip';

export const ERASURE_MESSAGES = {
  notFound: 'Erasure request not found',
  completed: 'This erasure request has already been completed.',
} as const;

export const ErasureRequestSchema = z.object({
  id: z.string(),
  requestedAt: z.string(),
  dueAt: z.string(),
});
export type ErasureRequest = z.infer<typeof ErasureRequestSchema>;

/** The artist's request waiting, if any. */
export const MyErasureSchema = z.object({ request: z.nullable(ErasureRequestSchema) });
export type MyErasure = z.infer<typeof MyErasureSchema>;

export const AdminErasureRequestSchema = z.object({
  id: z.string(),
  /** '' once completed: the record keeps nobody's address. */
  email: z.string(),
  requestedAt: z.string(),
  dueAt: z.string(),
  completedAt: z.nullable(z.string()),
  entries: z.nullable(z.number()),
});
export type AdminErasureRequest = z.infer<typeof AdminErasureRequestSchema>;

export const AdminErasureRequestsSchema = z.object({
  requests: z.array(AdminErasureRequestSchema),
});
export type AdminErasureRequests = z.infer<typeof AdminErasureRequestsSchema>;

export const ErasureRequestParamsSchema = z.object({ id: z.string().check(z.maxLength(64)) });
