import { z } from 'zod';
import { ResponsiveImageSchema } from './image.ts';

/*
 * A competition's online exhibition: what the admin sets up and chooses, what anyone sees of it
 * once opened (the gallery, a work's page, the archive), the artist's "for sale" mark and a
 * visitor's enquiry about a work for sale.
 */

export const EXHIBITION_MESSAGES = {
  title: 'Enter a title of at most 200 characters',
  introduction: 'Keep the introduction under 5,000 characters',
  instant: 'Enter a date and time',
  votingOrder: 'Voting must close after it opens',
  votingBoth: 'Set both when voting opens and when it closes, or neither',
  votesPerVisitor: 'Between 1 and 10 votes a visitor',
  workIds: 'Choose works of this competition whose artists allow publication',
  price: 'Enter a price in whole rupees, from 1 to 1,00,00,000',
  name: 'Enter your name (at most 200 characters)',
  email: 'Enter a valid e-mail address',
  message: 'Write your message (at most 5,000 characters)',
  reply: 'Write your reply (at most 10,000 characters)',
} as const;

export { EXHIBITION_NAME_WITHHELD } from '../domain/exhibition-words.ts';

const Instant = z.iso.datetime({ offset: true, message: EXHIBITION_MESSAGES.instant });

export const ExhibitionInputSchema = z
  .object({
    title: z.string().trim().min(1, EXHIBITION_MESSAGES.title).max(200, EXHIBITION_MESSAGES.title),
    introduction: z.string().trim().max(5000, EXHIBITION_MESSAGES.introduction).default(''),
    endsAt: Instant.nullable().default(null),
    votingOpensAt: Instant.nullable().default(null),
    votingClosesAt: Instant.nullable().default(null),
    votesPerVisitor: z
      .number()
      .int(EXHIBITION_MESSAGES.votesPerVisitor)
      .min(1, EXHIBITION_MESSAGES.votesPerVisitor)
      .max(10, EXHIBITION_MESSAGES.votesPerVisitor)
      .default(1),
  })
  .refine(
    (v) =>
      v.votingOpensAt === null ||
      v.votingClosesAt === null ||
      Date.parse(v.votingClosesAt) > Date.parse(v.votingOpensAt),
    { path: ['votingClosesAt'], message: EXHIBITION_MESSAGES.votingOrder },
  )
  // A window with one end only would never close (or never open) for the vote.
  .refine((v) => v.votingOpensAt === null || v.votingClosesAt !== null, {
    path: ['votingClosesAt'],
    message: EXHIBITION_MESSAGES.votingBoth,
  })
  .refine((v) => v.votingClosesAt === null || v.votingOpensAt !== null, {
    path: ['votingOpensAt'],
    message: EXHIBITION_MESSAGES.votingBoth,
  });
export type ExhibitionInput = z.input<typeof ExhibitionInputSchema>;

/** Which works: every approved entry's, the latest round's shortlist, or these, in this order. */
export const ExhibitionWorksInputSchema = z.discriminatedUnion('source', [
  z.object({ source: z.literal('approved') }),
  z.object({ source: z.literal('shortlist') }),
  z.object({
    source: z.literal('works'),
    workIds: z.array(z.string().min(1).max(100)).max(1000, EXHIBITION_MESSAGES.workIds),
  }),
]);
export type ExhibitionWorksInput = z.infer<typeof ExhibitionWorksInputSchema>;

/** A work as the admin's screen lists it (chosen or not). */
export const AdminExhibitionWorkSchema = z.object({
  workId: z.string(),
  submissionId: z.string(),
  reference: z.string(),
  title: z.string(),
  artist: z.string(),
  consent: z.enum(['name', 'anonymous']),
  hasDisplayCopy: z.boolean(),
});
export type AdminExhibitionWork = z.infer<typeof AdminExhibitionWorkSchema>;

export const AdminExhibitionSchema = z.object({
  id: z.string(),
  competitionId: z.string(),
  title: z.string(),
  introduction: z.string(),
  openedAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  votingOpensAt: z.string().nullable(),
  votingClosesAt: z.string().nullable(),
  votesPerVisitor: z.number().int(),
  /** The chosen works, in the gallery's order. */
  works: z.array(AdminExhibitionWorkSchema),
  /** Works that may be chosen and are not: approved entries whose artists allow publication. */
  available: z.array(AdminExhibitionWorkSchema),
});
export type AdminExhibition = z.infer<typeof AdminExhibitionSchema>;

/** The vote's window as the gallery and a work's page carry it (no second request to decide). */
export const ExhibitionVotingSchema = z.object({
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  open: z.boolean(),
  votesPerVisitor: z.number().int(),
});
export type ExhibitionVoting = z.infer<typeof ExhibitionVotingSchema>;

export const PublicExhibitionWorkSchema = z.object({
  workId: z.string(),
  title: z.string(),
  /** Null: the artist withheld their name (shown as EXHIBITION_NAME_WITHHELD). */
  artist: z.string().nullable(),
  medium: z.string(),
  size: z.string(),
  image: ResponsiveImageSchema.nullable(),
  /** Whole rupees; null when the work is not for sale. */
  price: z.number().int().nullable(),
});
export type PublicExhibitionWork = z.infer<typeof PublicExhibitionWorkSchema>;

export const PublicExhibitionSchema = z.object({
  competitionId: z.string(),
  competitionTitle: z.string(),
  title: z.string(),
  introduction: z.string(),
  openedAt: z.string(),
  endsAt: z.string().nullable(),
  voting: ExhibitionVotingSchema,
  works: z.array(PublicExhibitionWorkSchema),
});
export type PublicExhibition = z.infer<typeof PublicExhibitionSchema>;

/** One work's page: the work, its exhibition (without the other works) and its neighbours. */
export const PublicExhibitionWorkPageSchema = z.object({
  exhibition: PublicExhibitionSchema.omit({ works: true }),
  work: PublicExhibitionWorkSchema,
  previousWorkId: z.string().nullable(),
  nextWorkId: z.string().nullable(),
});
export type PublicExhibitionWorkPage = z.infer<typeof PublicExhibitionWorkPageSchema>;

export const ExhibitionSummarySchema = z.object({
  competitionId: z.string(),
  title: z.string(),
  openedAt: z.string(),
  endsAt: z.string().nullable(),
  workCount: z.number().int(),
  cover: ResponsiveImageSchema.nullable(),
});
export type ExhibitionSummary = z.infer<typeof ExhibitionSummarySchema>;

/** The archive: exhibitions still running, and those that have ended, newest first. */
export const ExhibitionArchiveSchema = z.object({
  current: z.array(ExhibitionSummarySchema),
  past: z.array(ExhibitionSummarySchema),
});
export type ExhibitionArchive = z.infer<typeof ExhibitionArchiveSchema>;

const RecordIdParam = z.string().min(1).max(100);
export const ExhibitionParamsSchema = z.object({ competitionId: RecordIdParam });
export const WorkIdParamsSchema = z.object({ workId: RecordIdParam });
export const ExhibitionWorkParamsSchema = ExhibitionParamsSchema.extend(WorkIdParamsSchema.shape);

/** The artist's mark: for sale at a price (whole rupees), or not (price null). */
export const WorkSaleInputSchema = z.object({
  price: z
    .number(EXHIBITION_MESSAGES.price)
    .int(EXHIBITION_MESSAGES.price)
    .min(1, EXHIBITION_MESSAGES.price)
    .max(10_000_000, EXHIBITION_MESSAGES.price)
    .nullable(),
});
export type WorkSaleInput = z.infer<typeof WorkSaleInputSchema>;

export const WorkSaleSchema = z.object({ workId: z.string(), price: z.number().int().nullable() });
export type WorkSale = z.infer<typeof WorkSaleSchema>;

/** A work of the artist's on show, as My entries lists it with its for-sale mark. */
export const MyExhibitedWorkSchema = z.object({
  workId: z.string(),
  title: z.string(),
  competitionId: z.string(),
  exhibitionTitle: z.string(),
  price: z.number().int().nullable(),
});
export type MyExhibitedWork = z.infer<typeof MyExhibitedWorkSchema>;

export const EnquiryInputSchema = z.object({
  name: z.string().trim().min(1, EXHIBITION_MESSAGES.name).max(200, EXHIBITION_MESSAGES.name),
  email: z.email(EXHIBITION_MESSAGES.email).max(254, EXHIBITION_MESSAGES.email),
  message: z
    .string()
    .trim()
    .min(1, EXHIBITION_MESSAGES.message)
    .max(5000, EXHIBITION_MESSAGES.message),
});
export type EnquiryInput = z.infer<typeof EnquiryInputSchema>;

export const EnquiryReplyInputSchema = z.object({
  message: z
    .string()
    .trim()
    .min(1, EXHIBITION_MESSAGES.reply)
    .max(10_000, EXHIBITION_MESSAGES.reply),
});
export type EnquiryReplyInput = z.infer<typeof EnquiryReplyInputSchema>;

export const EnquirySchema = z.object({
  id: z.string(),
  competitionId: z.string(),
  workId: z.string(),
  workTitle: z.string(),
  price: z.number().int().nullable(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  answer: z.string().nullable(),
});
export type Enquiry = z.infer<typeof EnquirySchema>;

export const EnquiryParamsSchema = z.object({ id: z.string().min(1).max(100) });
