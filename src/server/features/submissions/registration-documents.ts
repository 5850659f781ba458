import { randomBytes } from 'node:crypto';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MESSAGES,
  DOCUMENT_MIME_TYPE,
} from '../../../shared/domain/field-answers.ts';
import type { FormField } from '../../../shared/schemas/form-field.ts';
import { fieldIdOfImagePart, workOfImagePart } from '../../../shared/registration-request.ts';
import { AppError } from '../../errors.ts';
import type { FileToStore } from '../media/media.service.ts';
import type { ReceivedFile } from './registration-images.ts';
import { submissionFolderOf } from './stored-entry.ts';

/*
 * The documents of a registration (a CV, a statement): PDFs checked from their bytes, stored as
 * sent as private files under the entry's folder. No picture job ever touches them.
 */

const PDF_HEADER = Buffer.from('%PDF-');
const PDF_END = Buffer.from('%%EOF');
/** Where a PDF's end marker must be: within its last kilobyte (trailing bytes are allowed). */
const END_WINDOW = 1024;

/** Whether the bytes are a whole PDF: its header first, its end-of-file marker near the end. */
export function isPdf(data: Buffer): boolean {
  if (!data.subarray(0, PDF_HEADER.length).equals(PDF_HEADER)) return false;
  return data.subarray(Math.max(0, data.length - END_WINDOW)).includes(PDF_END);
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
  const fieldOf = (part: string) => workOfImagePart(part)?.fieldId ?? fieldIdOfImagePart(part);
  const documents = files.filter((file) => ids.has(fieldOf(file.name)));
  const pictures = files.filter((file) => !documents.includes(file));
  const refused: Record<string, string> = {};
  let status: 413 | 415 | undefined;
  for (const { name, data } of documents) {
    const tooLarge = data.length > DOCUMENT_MAX_BYTES;
    if (!tooLarge && isPdf(data)) continue;
    refused[name] = tooLarge ? DOCUMENT_MESSAGES.tooLarge : DOCUMENT_MESSAGES.notPdf;
    status ??= tooLarge ? 413 : 415;
  }
  if (status !== undefined) {
    const code = status === 413 ? 'FILE_TOO_LARGE' : 'INVALID_DOCUMENT_TYPE';
    throw new AppError(status, code, Object.values(refused)[0] as string, refused);
  }
  return { documents, pictures };
}

/** Each document as a private file under the entry's folder, and the key its part is stored as. */
export function addDocumentFiles(
  submissionId: string,
  documents: readonly ReceivedFile[],
  files: FileToStore[],
  keyByPart: Map<string, string>,
): void {
  for (const { name, data } of documents) {
    const id =
      fieldIdOfImagePart(name)
        .toLowerCase()
        .replace(/[^a-z0-9_-]/g, '') || 'document';
    const key = `${submissionFolderOf(submissionId)}${id}-${randomBytes(4).toString('hex')}.pdf`;
    keyByPart.set(name, key);
    files.push({ key, data, contentType: DOCUMENT_MIME_TYPE });
  }
}
