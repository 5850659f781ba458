import { formatCalendarDate } from './calendar-date.ts';

/*
 * The limits of the registration form's field types and an answer written for people, without
 * zod: the public page, the server's e-mails, the review, the jury's copy and the CSV all write
 * an answer the same way.
 */

/**
 * Whether each work answers the field: its own choice, else every field is asked per work but a
 * document (a CV, a statement), which is asked once per entry. Here, without zod, because the
 * public page's registration form reads it too.
 */
export function isAskedPerWork(field: { perWork?: boolean | undefined; type: string }): boolean {
  return field.perWork ?? field.type !== 'document';
}

/** A long text's limit when the admin sets none, and the most they may set. */
export const LONG_TEXT_MAX_DEFAULT = 5000;
export const LONG_TEXT_MAX_LIMIT = 20_000;
/** The line of help under a field. */
export const HELP_TEXT_MAX = 300;
/** A choice field's options: at least one, at most this many. */
export const FIELD_OPTIONS_MAX = 50;
export const FIELD_OPTION_MAX = 120;
/** A document (a CV, a statement): a PDF up to 10 MB, checked from its bytes by the server. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_MIME_TYPE = 'application/pdf';

export const DOCUMENT_MESSAGES = {
  notPdf: 'Choose a PDF document.',
  tooLarge: 'The document must be at most 10MB.',
} as const;

/** The browser's check of a chosen document: the message to show, or undefined to send it. */
export function checkDocumentFile(file: { type: string; size: number; name: string }) {
  const pdf = file.type === DOCUMENT_MIME_TYPE || file.name.toLowerCase().endsWith('.pdf');
  if (!pdf) return DOCUMENT_MESSAGES.notPdf;
  if (file.size > DOCUMENT_MAX_BYTES) return DOCUMENT_MESSAGES.tooLarge;
  return undefined;
}

/** Whether a field's answer is a file sent in its own part: a picture or a document. */
export function isFileField(field: { type: string }): boolean {
  return field.type === 'image' || field.type === 'document';
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether the text is a 'YYYY-MM-DD' day that exists (no 30 February). */
export function isRealDate(text: string): boolean {
  if (!CALENDAR_DATE.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

/** A stored answer: text (and a file's key), a number, yes or no, several choices. */
export type StoredAnswer = string | number | boolean | string[];

/** Yes and No as the form, the review and the CSV write them. */
export const YES_NO_LABELS = { yes: 'Yes', no: 'No' } as const;

/**
 * An answer as people read it: choices joined with ", ", yes/no as Yes/No, a date as the site
 * writes dates ('21 November 2026'), a number as typed. A file's key is left as it is: each
 * reader says what a file is in its own way.
 */
export function answerText(field: { type: string }, value: StoredAnswer | undefined): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'boolean') return value ? YES_NO_LABELS.yes : YES_NO_LABELS.no;
  if (typeof value === 'number') return String(value);
  if (field.type === 'date') return formatCalendarDate(value) || value;
  return value;
}
