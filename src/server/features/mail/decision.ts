/* Issue 14 item 3: the artist hears of the jury's decision, once per change, in a template. */

export const DECISION_KINDS = {
  approved: 'submission-approved',
  rejected: 'submission-rejected',
} as const;

export const APPROVED_TEMPLATE = {
  subject: 'Approved: {competition} ({reference})',
  body: `Dear {name},

Congratulations! Your entry for {competition} has been approved by our jury.

We will write to you with the next steps.

Reference: {reference}

View your entry: {entryLink}

{siteTitle}`,
};

export const REJECTED_TEMPLATE = {
  subject: 'Your entry: {competition} ({reference})',
  body: `Dear {name},

Thank you for taking part in {competition}. After careful review, your entry was not selected this time.

We hope to see your work again in our next competitions.

Reference: {reference}

View your entry: {entryLink}

{siteTitle}`,
};
