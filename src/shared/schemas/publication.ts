import * as z from 'zod/mini';
import { WorkFeedbackSchema } from './feedback.ts';

/*
 * A competition's published results: what the admin's Publish dialog counts, the
 * public results page, a certificate's verification, and the result on the artist's entry page.
 * zod/mini: the public pages load it.
 */

/** Why Publish is refused now (decision 021): the server's 409s and the dialog say the same. */
export const PUBLISH_REFUSALS = {
  noAwards: 'Give at least one award before publishing the results.',
  entriesOpen: (closes: string) =>
    `Entries are still open until ${closes}. Close entries before publishing the results.`,
} as const;

export const RESULT_OUTCOMES = ['award', 'shortlisted', 'participated'] as const;
export type ResultOutcome = (typeof RESULT_OUTCOMES)[number];

/** What Publish would do now, for the dialog that asks to confirm it. */
export const PublicationPreviewSchema = z.object({
  published: z.boolean(),
  publishedAt: z.nullable(z.string()),
  awards: z.number(),
  shortlisted: z.number(),
  /** Every approved entry: each gets one results e-mail and a certificate. */
  participants: z.number(),
  /** E-mails Publish would queue now: participants not yet written to. */
  emails: z.number(),
  /** Entries still waiting for a decision: they get no results e-mail. */
  awaitingReview: z.number(),
  /** Works with feedback for their artists (not hidden): what releasing it would send. */
  feedbackWorks: z.number(),
  /** Whether the feedback was released at the last Publish. */
  feedbackReleased: z.boolean(),
  /** The judging record: whether it is public, and its SHA-256 once written. */
  record: z.optional(z.object({ published: z.boolean(), sha256: z.nullable(z.string()) })),
  /**
   * While entries are still taken: when they close ('20 Dec 2026, 11:59 pm IST'); Publish is
   * refused until then (decision 021). Null once closed.
   */
  entriesOpenUntil: z.optional(z.nullable(z.string())),
});
export type PublicationPreview = z.infer<typeof PublicationPreviewSchema>;

/** Publish's choices: whether the jury's feedback (not hidden) reaches the artists. */
/** Publish's choices; no body at all releases nothing. */
export const PublishResultsSchema = z.optional(
  z.nullable(
    z.object({
      releaseFeedback: z.optional(z.boolean()),
      /** Publishes the judging's record with the results (off unless asked). */
      publishRecord: z.optional(z.boolean()),
    }),
  ),
);
export type PublishResults = z.input<typeof PublishResultsSchema>;

export const PublicationSchema = z.object({
  published: z.boolean(),
  publishedAt: z.nullable(z.string()),
  /** Results e-mails queued by this request (0 on a publication after an unpublish). */
  emailsQueued: z.number(),
});
export type Publication = z.infer<typeof PublicationSchema>;

/** The dialog's sentence: "3 winners and shortlisted, 230 participants, 230 e-mails". */
export function publicationSummary(preview: PublicationPreview): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return [
    plural(
      preview.awards + preview.shortlisted,
      'winner and shortlisted',
      'winners and shortlisted',
    ),
    plural(preview.participants, 'participant', 'participants'),
    plural(preview.emails, 'e-mail', 'e-mails'),
  ].join(', ');
}

/** One award on the public page; `artist` null when the artist withheld their name (NAME_WITHHELD). */
export const PublicAwardSchema = z.object({
  id: z.string(),
  award: z.string(),
  prize: z.string(),
  artworkTitle: z.string(),
  artist: z.nullable(z.string()),
  /** The display copy of the work's first image, or null when it has none. */
  imageUrl: z.nullable(z.string()),
});
export type PublicAward = z.infer<typeof PublicAwardSchema>;

export const PublicResultsSchema = z.object({
  competition: z.object({ id: z.string(), title: z.string() }),
  publishedAt: z.string(),
  awards: z.array(PublicAwardSchema),
  /** The published judging record's SHA-256 and page, or null when it is not published. */
  record: z.optional(z.nullable(z.object({ sha256: z.string(), url: z.string() }))),
});
export type PublicResults = z.infer<typeof PublicResultsSchema>;

/** The latest published results, for the home page. */
export const LatestResultsSchema = z.array(
  z.object({ competitionId: z.string(), title: z.string(), publishedAt: z.string() }),
);
export type LatestResults = z.infer<typeof LatestResultsSchema>;

/** Codes are 12 characters of Crockford's base 32 in three groups: 'K7QX-3MPA-9TZD'. */
export const CERTIFICATE_CODE_PATTERN =
  /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

export const CertificateCodeParamsSchema = z.object({
  code: z.string().check(z.maxLength(40)),
});

/** What a certificate's verification shows anyone: that it is genuine, and nothing more. */
export const CertificateVerificationSchema = z.object({
  code: z.string(),
  kind: z.enum(['merit', 'participation']),
  artistName: z.string(),
  competitionTitle: z.string(),
  award: z.nullable(z.string()),
  issuedOn: z.string(),
});
export type CertificateVerification = z.infer<typeof CertificateVerificationSchema>;

export const CERTIFICATE_NOT_FOUND =
  'No certificate has this code. Check it against the one printed on the certificate.';

/** The artist's result on their entry page, once the results are published. */
export const EntryResultSchema = z.object({
  outcome: z.enum(RESULT_OUTCOMES),
  award: z.nullable(z.string()),
  resultsUrl: z.string(),
  certificateCode: z.string(),
  /** The jury's feedback, per work, when Publish released it; never naming a juror. */
  feedback: z.optional(z.array(WorkFeedbackSchema)),
  /** Every certificate, each naming its work, when several works won (the first is the above). */
  certificates: z.optional(
    z.array(
      z.object({
        code: z.string(),
        award: z.nullable(z.string()),
        work: z.object({ number: z.number(), title: z.string() }),
      }),
    ),
  ),
});
export type EntryResult = z.infer<typeof EntryResultSchema>;
