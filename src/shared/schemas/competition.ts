import { z } from 'zod';
import { yearOf } from '../domain/calendar-date.ts';
import {
  CLOSING_TIME_PATTERN,
  COMPETITION_STAGES,
  COMPETITION_STATUSES,
} from '../domain/competition-status.ts';
import { PAID_ENTRY_FEE_MIN } from '../domain/entry-state.ts';
import { isOneLine, oneLineMessage } from '../domain/one-line-text.ts';
import {
  checkPrices,
  PRICE_INPUT_SHAPE,
  PricesSchema,
  pricesOfInput,
} from './competition-prices.ts';
import { ResponsiveImageSchema } from './image.ts';
import { MinArtworkLongSideSchema } from './artwork-size.ts';
import { checkWorksRange, WORKS_RANGE_MESSAGES, worksCountSchema } from './works-range.ts';

export const ENTRY_TYPES = ['free', 'paid'] as const;

const NamedRefSchema = z.object({ id: z.string(), name: z.string() });

/** A competition as anyone may see it, with its status computed for today in the site time zone. */
export const PublicCompetitionSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  image: ResponsiveImageSchema.nullable(),
  prizeImage: ResponsiveImageSchema.nullable(),
  category: NamedRefSchema,
  subcategory: NamedRefSchema.nullable(),
  /** Calendar dates, 'YYYY-MM-DD', in the site time zone. */
  startDate: z.string(),
  endDate: z.string(),
  /**
   * The instants registration opens (the start date begins) and closes (the end of the closing
   * minute of the end date) in the site time zone (ISO 8601, UTC).
   */
  opensAt: z.string(),
  closesAt: z.string(),
  entryType: z.enum(ENTRY_TYPES),
  /** Whole rupees; 0 when free. */
  entryFee: z.number().int().min(0),
  /** How many works an entry holds (works-range.ts); the server always says. */
  minWorks: z.number().int().min(1).optional(),
  maxWorks: z.number().int().min(1).optional(),
  /** Every price beyond the fee (all 0 or none when free); the server always sends them. */
  prices: PricesSchema.optional(),
  status: z.enum(COMPETITION_STATUSES),
  /** The least pixels an artwork has on its longer side, for print; absent: any size. */
  minArtworkLongSide: z.number().int().positive().optional(),
  /** Where it is in its life (decision 021): the server always says; a visitor never sees a draft. */
  stage: z.enum(COMPETITION_STAGES).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * Whether its results page is up, so a link to it is shown only then: the public catalogue always
   * says; the admin's view of a competition leaves it out.
   */
  resultsPublished: z.boolean().optional(),
});
export type PublicCompetition = z.infer<typeof PublicCompetitionSchema>;

/**
 * What one competition's page adds to the catalogue's card (`GET /api/competitions/:id` only):
 * rules and eligibility as HTML the server rendered from the admin's Markdown ('' for none), the
 * prize in words, and the pictures an entry takes, from its category's form.
 */
export const CompetitionDetailsSchema = z.object({
  rulesHtml: z.string(),
  eligibilityHtml: z.string(),
  prizeDescription: z.string(),
  pictures: z.object({
    /** The file types accepted, as an artist knows them: 'JPEG', 'PNG', 'WebP'. */
    types: z.array(z.string()),
    maxMegabytes: z.number(),
    /** The form's picture fields, in its order; the artist's photo comes on top of them. */
    artworks: z.array(z.object({ label: z.string(), required: z.boolean() })),
  }),
});
export type CompetitionDetails = z.infer<typeof CompetitionDetailsSchema>;

export const CompetitionWithDetailsSchema = PublicCompetitionSchema.extend({
  details: CompetitionDetailsSchema.optional(),
});
export type CompetitionWithDetails = z.infer<typeof CompetitionWithDetailsSchema>;

export {
  COMPETITION_SEARCH_MAX,
  type CompetitionListQuery,
  CompetitionListQuerySchema,
} from './competition-list-query.ts';

export const CompetitionIdParamsSchema = z.object({ id: z.string() });

/* ---------------------------------------------------------------------------------------------
 * The admin's competition form (seed §5 "Competition form"): the browser's form
 * and the server's POST/PUT parse with this one schema, so both give the same field messages.
 * ------------------------------------------------------------------------------------------- */

export const COMPETITION_TITLE_MAX = 200;
export const COMPETITION_DESCRIPTION_MAX = 5000;
/** Whole rupees; far above any real fee, and well inside an integer column and Razorpay's paise. */
export const ENTRY_FEE_MAX = 1_000_000;
/** A typed year such as '0026' is a slip of the keyboard, not a competition of the year 26. */
export const COMPETITION_YEAR_MIN = 2000;
export const COMPETITION_YEAR_MAX = 2100;
const ID_MAX = 100;
const IMAGE_URL_MAX = 2048;
/** Rules and eligibility, in Markdown: a long page's worth each. */
export const COMPETITION_RULES_MAX = 10_000;
export const PRIZE_DESCRIPTION_MAX = 1000;

/** PRODUCT.md point 6. */
export const END_BEFORE_START = 'End date must be on or after the start date';

export const COMPETITION_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${COMPETITION_TITLE_MAX} characters`,
  titleOneLine: oneLineMessage('Title'),
  descriptionRequired: 'Description is required',
  descriptionTooLong: `Description must be at most ${COMPETITION_DESCRIPTION_MAX} characters`,
  categoryRequired: 'Category is required',
  startDateRequired: 'Start date is required',
  endDateRequired: 'End date is required',
  invalidDate: 'Enter a date as YYYY-MM-DD',
  yearOutOfRange: `Enter a year from ${COMPETITION_YEAR_MIN} to ${COMPETITION_YEAR_MAX}`,
  entryTypeRequired: 'Entry type is required',
  entryFeeRequired: 'Entry fee is required',
  entryFeeNotNumber: 'Entry fee must be a number',
  entryFeeNotWhole: 'Entry fee must be a whole number',
  entryFeeNegative: 'Entry fee must be at least 0',
  entryFeeTooHigh: `Entry fee must be at most ${ENTRY_FEE_MAX}`,
  /** Paid means a fee: a fee of 0 is a free competition, chosen as such. */
  paidEntryFeeTooLow: 'Entry fee must be at least ₹1 for a paid competition',
  endBeforeStart: END_BEFORE_START,
  // Answered by the server, which alone knows what exists.
  categoryNotFound: 'This category no longer exists. Choose another.',
  subcategoryNotInCategory: 'Choose a subcategory of the chosen category',
  unknownImage: 'This image is not one uploaded here. Upload it again.',
  closingTime: 'Enter a time as HH:MM, from 00:00 to 23:59',
  rulesTooLong: `Rules must be at most ${COMPETITION_RULES_MAX} characters`,
  eligibilityTooLong: `Eligibility must be at most ${COMPETITION_RULES_MAX} characters`,
  prizeDescriptionTooLong: `Prize description must be at most ${PRIZE_DESCRIPTION_MAX} characters`,
} as const;

/** A real 'YYYY-MM-DD' date of a plausible year. */
const CalendarDateSchema = z.iso.date(COMPETITION_MESSAGES.invalidDate).refine((date) => {
  const year = yearOf(date);
  return year >= COMPETITION_YEAR_MIN && year <= COMPETITION_YEAR_MAX;
}, COMPETITION_MESSAGES.yearOutOfRange);

function calendarDate(requiredMessage: string) {
  return z.string(requiredMessage).min(1, requiredMessage).pipe(CalendarDateSchema);
}

/**
 * Seed §5 and §9: a whole number, at least 0; and, paid meaning a fee, at least ₹1 (a negative
 * fee keeps the seed's message).
 */
export const EntryFeeSchema = z
  .number({
    // An empty number input reads as NaN in the browser; a missing one as undefined.
    error: (issue) =>
      issue.input === undefined || Number.isNaN(issue.input)
        ? COMPETITION_MESSAGES.entryFeeRequired
        : COMPETITION_MESSAGES.entryFeeNotNumber,
  })
  .int(COMPETITION_MESSAGES.entryFeeNotWhole)
  .min(0, COMPETITION_MESSAGES.entryFeeNegative)
  .min(PAID_ENTRY_FEE_MIN, COMPETITION_MESSAGES.paidEntryFeeTooLow)
  .max(ENTRY_FEE_MAX, COMPETITION_MESSAGES.entryFeeTooHigh);

/** The uploaded image's URL (`POST /api/admin/uploads/images`), or '' for none. */
const imageUrl = z.string().max(IMAGE_URL_MAX, COMPETITION_MESSAGES.unknownImage).default('');

export const CompetitionInputSchema = z
  .object({
    title: z
      .string(COMPETITION_MESSAGES.titleRequired)
      .trim()
      .min(1, COMPETITION_MESSAGES.titleRequired)
      .max(COMPETITION_TITLE_MAX, COMPETITION_MESSAGES.titleTooLong)
      .refine(isOneLine, COMPETITION_MESSAGES.titleOneLine),
    description: z
      .string(COMPETITION_MESSAGES.descriptionRequired)
      .trim()
      .min(1, COMPETITION_MESSAGES.descriptionRequired)
      .max(COMPETITION_DESCRIPTION_MAX, COMPETITION_MESSAGES.descriptionTooLong),
    categoryId: z
      .string(COMPETITION_MESSAGES.categoryRequired)
      .min(1, COMPETITION_MESSAGES.categoryRequired)
      .max(ID_MAX, COMPETITION_MESSAGES.categoryNotFound),
    /** Optional: '' or null (the form's "none") is stored as no subcategory. */
    subcategoryId: z
      .string()
      .max(ID_MAX, COMPETITION_MESSAGES.subcategoryNotInCategory)
      .nullish()
      .transform((id) => id || null),
    startDate: calendarDate(COMPETITION_MESSAGES.startDateRequired),
    endDate: calendarDate(COMPETITION_MESSAGES.endDateRequired),
    entryType: z.enum(ENTRY_TYPES, COMPETITION_MESSAGES.entryTypeRequired).default('free'),
    /**
     * Read only for a paid entry (checked below, with EntryFeeSchema's messages): choosing free
     * forces the fee to 0 whatever was typed before (seed §4 "Competition form").
     */
    entryFee: z.unknown().optional(),
    imageUrl,
    prizeImageUrl: imageUrl,
    /** The last minute entries are taken on the end date; '' or none: the end of the day. */
    closingTime: z
      .union([
        z.literal(''),
        z.string().regex(CLOSING_TIME_PATTERN, COMPETITION_MESSAGES.closingTime),
      ])
      .nullish()
      .transform((time) => time || null),
    /** Seen by admins alone until it is unticked. */
    draft: z.boolean().default(false),
    /** Optional Markdown, '' for none. */
    rules: z
      .string()
      .trim()
      .max(COMPETITION_RULES_MAX, COMPETITION_MESSAGES.rulesTooLong)
      .default(''),
    eligibility: z
      .string()
      .trim()
      .max(COMPETITION_RULES_MAX, COMPETITION_MESSAGES.eligibilityTooLong)
      .default(''),
    prizeDescription: z
      .string()
      .trim()
      .max(PRIZE_DESCRIPTION_MAX, COMPETITION_MESSAGES.prizeDescriptionTooLong)
      .default(''),
    minArtworkLongSide: MinArtworkLongSideSchema,
    minWorks: worksCountSchema(WORKS_RANGE_MESSAGES.minWorks),
    maxWorks: worksCountSchema(WORKS_RANGE_MESSAGES.maxWorks),
    ...PRICE_INPUT_SHAPE,
  })
  .superRefine((input, context) => {
    checkWorksRange(input, context);
    checkPrices(input, context);
    if (input.entryType === 'paid') {
      const fee = EntryFeeSchema.safeParse(input.entryFee);
      if (!fee.success) {
        context.addIssue({
          code: 'custom',
          path: ['entryFee'],
          message: fee.error.issues[0]?.message ?? COMPETITION_MESSAGES.entryFeeRequired,
        });
      }
    }
    // Only once both dates are real dates: otherwise their own messages say what is wrong.
    const { startDate, endDate } = input;
    const bothValid = [startDate, endDate].every((d) => CalendarDateSchema.safeParse(d).success);
    if (bothValid && endDate < startDate) {
      context.addIssue({ code: 'custom', path: ['endDate'], message: END_BEFORE_START });
    }
  })
  .transform(({ entryFee, ...input }) => ({
    ...input,
    ...pricesOfInput(input, input.entryType === 'paid' ? (entryFee as number) : 0),
  }));
export type CompetitionInput = z.output<typeof CompetitionInputSchema>;
/** What the form holds before parsing (a fee typed as a number; '' for no subcategory). */
export type CompetitionFormValues = z.input<typeof CompetitionInputSchema>;

/** A competition as the admin screens see it: the public view plus what the form edits. */
export const AdminCompetitionSchema = PublicCompetitionSchema.extend({
  /** The stored image URLs, '' for none, as the form sends them back. */
  imageUrl: z.string(),
  prizeImageUrl: z.string(),
  /** 'HH:MM', or '' for the end of the end date. */
  closingTime: z.string(),
  draft: z.boolean(),
  /** The form's Markdown and prize text, '' for none. */
  rules: z.string(),
  eligibility: z.string(),
  prizeDescription: z.string(),
  /** Submissions for it; deleting it keeps them (PRODUCT.md point 9). */
  submissionCount: z.number().int().min(0),
});
export type AdminCompetition = z.infer<typeof AdminCompetitionSchema>;

/** `DELETE /api/admin/competitions/:id`: how many submissions were kept, now without it. */
export const CompetitionDeletedSchema = z.object({
  id: z.string(),
  submissionsKept: z.number().int().min(0),
});
export type CompetitionDeleted = z.infer<typeof CompetitionDeletedSchema>;
