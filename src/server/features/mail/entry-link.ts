import { artistEmail, ENTRY_LINK_TEXT } from './artist-email.ts';

/* Issue 13 item 7: the entry page's link, sent again from the "Lost your link?" form. */

export const ENTRY_LINK_KIND = 'entry-link';

export interface EntryLinkDetails {
  siteTitle: string;
  reference: string;
  fullName: string;
  competitionTitle: string;
  entryLink: string;
}

export function entryLinkEmail(details: EntryLinkDetails) {
  return artistEmail({
    subject: `Your entry link: ${details.competitionTitle} (${details.reference})`,
    fullName: details.fullName,
    paragraphs: [
      `You asked for the link to your entry for ${details.competitionTitle}. It shows your entry, its review and its payment, and lets you pay a fee that is still due.`,
      'If you did not ask for it, you can ignore this message.',
    ],
    reference: details.reference,
    link: { text: ENTRY_LINK_TEXT, url: details.entryLink },
    siteTitle: details.siteTitle,
  });
}
