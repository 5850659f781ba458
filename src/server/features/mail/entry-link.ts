import { type ArtistDetails, artistEmail, artistValues } from './artist-email.ts';

/* Issue 13 item 7: the entry page's link, sent again from the "Lost your link?" form. */

export const ENTRY_LINK_KIND = 'entry-link';

const TEMPLATE = {
  subject: 'Your entry link: {competition} ({reference})',
  body: `Dear {name},

You asked for the link to your entry for {competition}. It shows your entry, its review and its payment, and lets you pay a fee that is still due.

If you did not ask for it, you can ignore this message.

Reference: {reference}

View your entry: {entryLink}

{siteTitle}`,
};

export const entryLinkEmail = (details: ArtistDetails) =>
  artistEmail(TEMPLATE, artistValues(details));
