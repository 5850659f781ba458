/*
 * The artist's receipt and credit note, each sent with its PDF attached when it is issued (the
 * receipts feature queues them). Default wordings an admin may change like the others.
 */

export const RECEIPT_KIND = 'receipt-issued';
export const CREDIT_NOTE_KIND = 'credit-note-issued';

export const RECEIPT_TEMPLATE = {
  subject: 'Receipt {number}: {competition} ({reference})',
  body: `Dear {name},

Thank you for your payment of {amount} for {competition}. Your receipt {number} is attached.

Reference: {reference}

View your entry: {entryLink}

{siteTitle}`,
};

export const CREDIT_NOTE_TEMPLATE = {
  subject: 'Credit note {number}: {competition} ({reference})',
  body: `Dear {name},

We have refunded {amount} for {competition}. The credit note {number}, which reverses receipt {receiptNumber}, is attached.

Reference: {reference}

View your entry: {entryLink}

{siteTitle}`,
};
