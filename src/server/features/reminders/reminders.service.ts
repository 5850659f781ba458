/*
 * The reminders feature's front door: a round of the reminders that are due (tests and scripts
 * run one at the moment they choose), and whether an address asked for none.
 */

export {
  BEFORE_CLOSE_REMINDER,
  JURY_ROUND_REMINDER,
  PAYMENT_FAILED_REMINDER,
  sendDueReminders,
} from './reminder-round.ts';
export { unsubscribeLinkOf, UNSUBSCRIBE_PATH } from './unsubscribe-links.ts';
