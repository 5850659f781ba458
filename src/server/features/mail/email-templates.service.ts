import type { Kysely } from 'kysely';
import {
  EMAIL_TEMPLATE_KINDS,
  EMAIL_TEMPLATE_LABELS,
  type EmailPreview,
  type EmailTemplate,
  type EmailTemplateInput,
  type EmailTemplateKind,
  missingPlaceholderMessage,
  missingPlaceholders,
  TEMPLATE_PLACEHOLDERS,
  unknownPlaceholderMessage,
  unknownPlaceholders,
} from '../../../shared/schemas/email-template.ts';
import { entryLinkOf } from '../../../shared/domain/entry-link.ts';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { invalidFields } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import {
  APPROVED_TEMPLATE,
  artistEmail,
  CONFIRMATION_TEMPLATE,
  confirmationValues,
  PAYMENT_RECEIVED_TEMPLATE,
  paymentValues,
  REJECTED_TEMPLATE,
  RESULTS_PARTICIPATED_TEMPLATE,
  RESULTS_SHORTLISTED_TEMPLATE,
  RESULTS_WINNER_TEMPLATE,
} from './artist-emails.ts';
import { ARTIST_SIGN_IN_TEMPLATE } from './artist-sign-in-email.ts';
import { CREDIT_NOTE_TEMPLATE, RECEIPT_TEMPLATE } from './receipt-emails.ts';
import {
  BEFORE_CLOSE_REMINDER_TEMPLATE,
  JURY_ROUND_REMINDER_TEMPLATE,
  PAYMENT_FAILED_REMINDER_TEMPLATE,
  reminderEmail,
} from './reminder-emails.ts';
import {
  deleteTemplate,
  findEditedTemplate,
  findEditedTemplates,
  upsertTemplate,
} from './email-templates.repository.ts';
import type { TemplateValues } from './template-render.ts';

/*
 * The art space's wording of the confirmation, payment, approved and rejected
 * messages. An edited template is a row; without one the default below is used. Placeholders
 * are checked when saved, so a message is never sent with an unknown one.
 */

export const DEFAULT_TEMPLATES: Record<EmailTemplateKind, { subject: string; body: string }> = {
  'registration-confirmation': CONFIRMATION_TEMPLATE,
  'payment-received': PAYMENT_RECEIVED_TEMPLATE,
  'submission-approved': APPROVED_TEMPLATE,
  'submission-rejected': REJECTED_TEMPLATE,
  'results-winner': RESULTS_WINNER_TEMPLATE,
  'results-shortlisted': RESULTS_SHORTLISTED_TEMPLATE,
  'results-participated': RESULTS_PARTICIPATED_TEMPLATE,
  'receipt-issued': RECEIPT_TEMPLATE,
  'credit-note-issued': CREDIT_NOTE_TEMPLATE,
  'artist-sign-in': ARTIST_SIGN_IN_TEMPLATE,
  'reminder-payment-failed': PAYMENT_FAILED_REMINDER_TEMPLATE,
  'reminder-before-close': BEFORE_CLOSE_REMINDER_TEMPLATE,
  'reminder-jury-round': JURY_ROUND_REMINDER_TEMPLATE,
};

/**
 * The message of `kind` for one entry, in the current wording. `db` is the transaction that
 * queues it, so on SQLite's one connection the read waits for nothing.
 */
export async function writeEmail(db: Kysely<DB>, kind: EmailTemplateKind, values: TemplateValues) {
  return artistEmail(await currentTemplate(db, kind), values);
}

/** The wording of `kind` now: the edited one, else the default. */
export async function currentTemplate(db: Kysely<DB>, kind: EmailTemplateKind) {
  return (await findEditedTemplate(db, kind)) ?? DEFAULT_TEMPLATES[kind];
}

function templateOf(
  kind: EmailTemplateKind,
  edited: { subject: string; body: string; updated_at: string } | undefined,
): EmailTemplate {
  const { subject, body } = edited ?? DEFAULT_TEMPLATES[kind];
  return {
    kind,
    label: EMAIL_TEMPLATE_LABELS[kind],
    subject,
    body,
    placeholders: [...TEMPLATE_PLACEHOLDERS[kind]],
    customized: edited !== undefined,
    updatedAt: edited?.updated_at ?? null,
  };
}

export async function listTemplates(db: Kysely<DB>): Promise<EmailTemplate[]> {
  const edited = new Map((await findEditedTemplates(db)).map((row) => [row.kind, row]));
  return EMAIL_TEMPLATE_KINDS.map((kind) => templateOf(kind, edited.get(kind)));
}

/** 400 naming each unknown placeholder, on the field that holds it, or a needed one left out. */
function checkPlaceholders(kind: EmailTemplateKind, input: EmailTemplateInput): void {
  const fields: Record<string, string> = {};
  const missing = missingPlaceholders(kind, input.body);
  if (missing.length > 0) fields.body = missingPlaceholderMessage(missing);
  for (const field of ['subject', 'body'] as const) {
    const unknown = unknownPlaceholders(kind, input[field], field);
    if (unknown.length > 0) fields[field] = unknownPlaceholderMessage(kind, unknown, field);
  }
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
}

export async function saveTemplate(
  db: Kysely<DB>,
  kind: EmailTemplateKind,
  input: EmailTemplateInput,
  admin: AuditActor,
  now: Date,
): Promise<EmailTemplate> {
  checkPlaceholders(kind, input);
  const row = { kind, subject: input.subject, body: input.body, updated_at: now.toISOString() };
  await db.transaction().execute(async (trx) => {
    await upsertTemplate(trx, row);
    await recordAudit(
      trx,
      {
        adminUserId: admin.adminUserId,
        actor: admin.username,
        action: 'email-template.update',
        entityType: 'email-template',
        entityId: kind,
      },
      now,
    );
  });
  return templateOf(kind, row);
}

/** Back to the default; audited only when there was wording to remove. */
export async function resetTemplate(
  db: Kysely<DB>,
  kind: EmailTemplateKind,
  admin: AuditActor,
  now: Date,
): Promise<EmailTemplate> {
  await db.transaction().execute(async (trx) => {
    if (!(await deleteTemplate(trx, kind))) return;
    await recordAudit(
      trx,
      {
        adminUserId: admin.adminUserId,
        actor: admin.username,
        action: 'email-template.reset',
        entityType: 'email-template',
        entityId: kind,
      },
      now,
    );
  });
  return templateOf(kind, undefined);
}

/** A sample entry: what the preview fills a template with. */
function sampleValues(siteTitle: string, publicUrl: string): TemplateValues {
  const details = {
    siteTitle,
    reference: 'WS-2026-000123',
    fullName: 'Asha Rao',
    competitionTitle: 'Monsoon Colours 2026',
    entryLink: entryLinkOf(publicUrl, 'sample-link'),
  };
  return {
    ...confirmationValues({
      ...details,
      entryType: 'paid',
      entryFee: 1500,
      paymentStatus: 'pending',
      fields: [
        { label: 'Full name', value: details.fullName },
        { label: 'Artwork Title', value: 'Rain on Park Street' },
        { label: 'Artwork Photo', value: 'received' },
      ],
    }),
    amount: paymentValues({ ...details, amountRupees: 1500 }).amount,
    award: 'First (₹25,000 and a solo show)',
    certificateLink: `${publicUrl}/certificates/K7QX-3MPA-9TZD`,
    resultsLink: `${publicUrl}/competition/sample/results`,
    number: 'WS/2026-27/000123',
    receiptNumber: 'WS/2026-27/000120',
    signInLink: `${publicUrl}/me/sign-in#sample-link`,
    code: '123456',
    closes: '20 Dec 2026, 11:59 pm IST',
    unsubscribeLink: `${publicUrl}/reminders/unsubscribe?address=asha%40example.org&token=sample`,
    round: '1',
    roundEnds: '22 Dec 2026, 6:00 pm IST',
    unscored: '4',
    juryLink: `${publicUrl}/jury`,
  };
}

export async function previewTemplate(
  deps: Pick<Deps, 'settings' | 'config'>,
  kind: EmailTemplateKind,
  input: EmailTemplateInput,
): Promise<EmailPreview> {
  checkPlaceholders(kind, input);
  const { title } = await deps.settings.getSettings();
  const values = sampleValues(title, deps.config.publicUrl);
  return kind.startsWith('reminder-') ? reminderEmail(input, values) : artistEmail(input, values);
}
