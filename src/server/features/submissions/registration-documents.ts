import { DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGES } from '../../../shared/domain/field-answers.ts';
import type { FormField } from '../../../shared/schemas/form-field.ts';
import { AppError } from '../../errors.ts';
import type { SniffedUpload } from '../media/media.service.ts';
import { fieldOfPart, type ReceivedFile } from './registration-uploads.ts';

/*
 * The documents of a registration (a CV, a statement): PDFs checked from their bytes (their
 * first and last, kept as they streamed to storage), private files under the entry's folder.
 * No picture job ever touches them.
 */

const PDF_HEADER = Buffer.from('%PDF-');
const PDF_END = Buffer.from('%%EOF');
/** Where a PDF's end marker must be: within its last kilobyte (trailing bytes are allowed). */
const END_WINDOW = 1024;

/** Whether the bytes are a whole PDF: its header first, its end-of-file marker near the end. */
export function isPdf({ head, tail }: Pick<SniffedUpload, 'head' | 'tail'>): boolean {
  if (!head.subarray(0, PDF_HEADER.length).equals(PDF_HEADER)) return false;
  return tail.subarray(Math.max(0, tail.length - END_WINDOW)).includes(PDF_END);
}

/**
 * The file parts of the form's document fields apart from the rest (the pictures), each checked:
 * a part that is not a PDF is a 415, one over 10 MB a 413, every refused part named.
 */
export function takeDocuments(
  files: readonly ReceivedFile[],
  fields: readonly FormField[],
): { documents: ReceivedFile[]; pictures: ReceivedFile[] } {
  const ids = new Set(fields.filter((f) => f.type === 'document').map((f) => f.id));
  const documents = files.filter((file) => ids.has(fieldOfPart(file.name)));
  const pictures = files.filter((file) => !documents.includes(file));
  const refused: Record<string, string> = {};
  let status: 413 | 415 | undefined;
  for (const { name, sniffed } of documents) {
    const tooLarge = sniffed.size > DOCUMENT_MAX_BYTES;
    if (!tooLarge && isPdf(sniffed)) continue;
    refused[name] = tooLarge ? DOCUMENT_MESSAGES.tooLarge : DOCUMENT_MESSAGES.notPdf;
    status ??= tooLarge ? 413 : 415;
  }
  if (status !== undefined) {
    const code = status === 413 ? 'FILE_TOO_LARGE' : 'INVALID_DOCUMENT_TYPE';
    throw new AppError(status, code, Object.values(refused)[0] as string, refused);
  }
  return { documents, pictures };
}

/** The key each document's part is answered with (it is stored there as sent). */
export function addDocumentFiles(
  documents: readonly ReceivedFile[],
  keyByPart: Map<string, string>,
): void {
  for (const { name, key } of documents) keyByPart.set(name, key);
}
