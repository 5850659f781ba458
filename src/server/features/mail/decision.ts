import { artistEmail, ENTRY_LINK_TEXT } from './artist-email.ts';

/* Issue 14 item 3: the artist hears of the jury's decision, once per change. */

export const DECISION_KINDS = {
  approved: 'submission-approved',
  rejected: 'submission-rejected',
} as const;

export interface DecisionDetails {
  siteTitle: string;
  reference: string;
  fullName: string;
  competitionTitle: string;
  entryLink: string;
}

export function decisionEmail(decision: 'approved' | 'rejected', details: DecisionDetails) {
  const approved = decision === 'approved';
  return artistEmail({
    subject: approved
      ? `Approved: ${details.competitionTitle} (${details.reference})`
      : `Your entry: ${details.competitionTitle} (${details.reference})`,
    fullName: details.fullName,
    paragraphs: approved
      ? [
          `Congratulations! Your entry for ${details.competitionTitle} has been approved by our jury.`,
          'We will write to you with the next steps.',
        ]
      : [
          `Thank you for taking part in ${details.competitionTitle}. After careful review, your entry was not selected this time.`,
          'We hope to see your work again in our next competitions.',
        ],
    reference: details.reference,
    link: { text: ENTRY_LINK_TEXT, url: details.entryLink },
    siteTitle: details.siteTitle,
  });
}
