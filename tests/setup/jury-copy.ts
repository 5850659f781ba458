import { expect } from 'vitest';
import { DEFAULT_FORM_FIELDS, type FormField } from '../../src/shared/schemas/form-field.ts';
import type { IdentityCheck } from '../../src/shared/schemas/jury-redaction.ts';
import { asAdmin } from './admin-session.ts';
import type { Artist, EntryExtras } from './jury.ts';
import { jpegOf } from './registration.ts';
import type { TestApp } from './test-app.ts';

/*
 * What the jury must never receive, for a walk through the jury's routes: fields hidden from
 * jurors (the link field by default, a text and a picture the admin hid) and an answer naming
 * the artist, which the admin redacts before the round opens.
 */

/** The default fields with the link on, and a hidden text field and a hidden picture. */
export const FIELDS_WITH_HIDDEN: FormField[] = [
  ...DEFAULT_FORM_FIELDS.map((f) => (f.id === 'link' ? { ...f, enabled: true } : f)),
  {
    id: 'studioNotes',
    label: 'Studio notes',
    type: 'text',
    required: false,
    enabled: true,
    shownToJurors: false,
  },
  {
    id: 'studioPhoto',
    label: 'Studio photo',
    type: 'image',
    required: false,
    enabled: true,
    shownToJurors: false,
  },
];

/** Text found only in hidden answers: none of it may reach a juror. */
export const HIDDEN_TEXT = ['hidden-portfolio', 'Hidden studio note'];

/**
 * Answers for the hidden fields, a square picture for the hidden image (the artwork is
 * landscape, the artist's photo portrait), and a description naming the artist.
 */
export async function extrasWithHidden(artist: Artist, n: number): Promise<EntryExtras> {
  return {
    fieldValues: {
      description: `A study by ${artist.fullName}.`,
      link: `https://hidden-portfolio-${n}.example.in`,
      studioNotes: `Hidden studio note ${n}`,
    },
    files: { 'fieldValues.studioPhoto': await jpegOf(700, 700, '#facc15') },
  };
}

/** The admin's identity check of the competition, each answer found redacted as suggested. */
export async function redactAsSuggested(
  t: TestApp,
  admin: string,
  competitionId: string,
): Promise<IdentityCheck> {
  const judging = `/api/admin/competitions/${competitionId}/judging`;
  const check = (await asAdmin(t, admin, 'GET', `${judging}/identity-check`)).json<IdentityCheck>();
  for (const entry of check.entries) {
    for (const answer of entry.answers) {
      const url = `${judging}/redactions/${entry.submissionId}/${answer.fieldId}`;
      const saved = await asAdmin(t, admin, 'PUT', url, { text: answer.suggestion });
      expect(saved.statusCode, saved.body).toBe(200);
    }
  }
  return check;
}
