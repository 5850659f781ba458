import type { Kysely } from 'kysely';
import { paiseToRupees } from '../../../shared/domain/paise.ts';
import type { DB } from '../../db/schema.ts';
import {
  PAYMENT_RECEIVED_KIND,
  PAYMENT_REFUNDED_KIND,
  paymentRefundedEmail,
  paymentValues,
  queueEmail,
  writeEmail,
} from '../mail/mail.service.ts';
import { findPayableEntry } from './payments.repository.ts';

/** What the artist's payment e-mails need that is read before the ledger's transaction. */
export interface PaymentMailContext {
  siteTitle: string;
  /** The entry page's address. */
  entryLink: string;
  now: Date;
}

/** The artist's e-mail about a payment of their entry, written with the change. */
export async function queueArtistEmail(
  trx: Kysely<DB>,
  kind: 'received' | 'refunded',
  submissionId: string,
  amountPaise: number,
  mail: PaymentMailContext,
  /** A refund made because entries had closed: the e-mail says why. */
  late = false,
): Promise<void> {
  const entry = await findPayableEntry(trx, submissionId);
  if (!entry) return;
  const details = {
    siteTitle: mail.siteTitle,
    reference: entry.reference,
    fullName: entry.full_name,
    competitionTitle: entry.competition_title,
    amountRupees: paiseToRupees(amountPaise),
    entryLink: mail.entryLink,
  };
  const email =
    kind === 'received'
      ? await writeEmail(trx, PAYMENT_RECEIVED_KIND, paymentValues(details))
      : paymentRefundedEmail(details, late);
  await queueEmail(
    trx,
    {
      kind: kind === 'received' ? PAYMENT_RECEIVED_KIND : PAYMENT_REFUNDED_KIND,
      submissionId,
      to: entry.email,
      ...email,
    },
    mail.now,
  );
}
