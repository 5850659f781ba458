import { renderTemplate, type TemplateValues } from './template-render.ts';

/*
 * The reminders' default wording (the reminders feature queues them): to an artist whose payment
 * did not go through, to one whose fee is still due a day before the close, and to a juror with
 * works still to score a day before the round ends. Each carries the link that stops reminders.
 */

export const PAYMENT_FAILED_REMINDER_TEMPLATE = {
  subject: 'Your payment did not go through: {competition} ({reference})',
  body: `Dear {name},

Your payment for your entry to {competition} did not go through, so your entry is saved but not yet complete. You can try again from your entry page until entries close on {closes}.

Reference: {reference}

Pay for your entry: {entryLink}

{siteTitle}

You are getting this reminder because your entry's fee is still due. To get no more reminders: {unsubscribeLink}`,
};

export const BEFORE_CLOSE_REMINDER_TEMPLATE = {
  subject: 'Entries close soon: your fee for {competition} is still due ({reference})',
  body: `Dear {name},

Entries to {competition} close on {closes}, and the fee for your entry is still due. Your entry is complete only once it is paid.

Reference: {reference}

Pay for your entry: {entryLink}

{siteTitle}

You are getting this reminder because your entry's fee is still due. To get no more reminders: {unsubscribeLink}`,
};

export const JURY_ROUND_REMINDER_TEMPLATE = {
  subject: 'Round {round} of {competition} ends soon',
  body: `Dear {name},

Round {round} of {competition} ends on {roundEnds}, and you have {unscored} works still to score.

Your rounds: {juryLink}

Thank you for your time.

{siteTitle}

To get no more reminders: {unsubscribeLink}`,
};

/** A reminder filled in: its text and HTML, its links written as links. */
export function reminderEmail(template: { subject: string; body: string }, values: TemplateValues) {
  return renderTemplate(template, values, {
    links: ['entryLink', 'juryLink', 'unsubscribeLink'],
  });
}
