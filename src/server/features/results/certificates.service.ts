import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { formatCalendarDate } from '../../../shared/domain/calendar-date.ts';
import {
  CERTIFICATE_NOT_FOUND,
  type CertificateVerification,
} from '../../../shared/schemas/publication.ts';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { artworkTitleOf } from './artwork-title.ts';
import { type CertificateContent, renderCertificatePdf } from './certificate-pdf.ts';
import { findCertificate, setCertificateFile } from './certificates.repository.ts';
import { publishedRecordHash } from './judging-record.service.ts';
import { certificatePathOf } from './publication.service.ts';

/*
 * Certificates: anyone with a code may check that it is genuine (the artist's name,
 * the competition, the award, the date, and nothing more) and download the PDF, which says the
 * same. A PDF is made on first request, kept in storage, and made again only when what it says
 * changes (an award renamed, the site's title or colour changed).
 */

/** Codes are typed by people: case, spaces and missing dashes do not matter. */
export function normaliseCode(input: string): string {
  const bare = input.toUpperCase().replace(/[^0-9A-Z]/g, '');
  return bare.length === 12 ? `${bare.slice(0, 4)}-${bare.slice(4, 8)}-${bare.slice(8)}` : bare;
}

type CertificateRow = NonNullable<Awaited<ReturnType<typeof findCertificate>>>;

/**
 * The certificate, or 404. The same query runs whatever the code, and the route answers no
 * sooner than a fixed time, so a forged code is answered neither faster nor slower.
 */
async function requireCertificate(db: Kysely<DB>, input: string): Promise<CertificateRow> {
  const row = await findCertificate(db, normaliseCode(input));
  if (!row) throw new AppError(404, 'CERTIFICATE_NOT_FOUND', CERTIFICATE_NOT_FOUND);
  return row;
}

export async function verifyCertificate(
  db: Kysely<DB>,
  code: string,
): Promise<CertificateVerification> {
  const row = await requireCertificate(db, code);
  return {
    code: row.code,
    kind: row.kind,
    artistName: row.full_name,
    competitionTitle: row.competition_title,
    award: row.award,
    issuedOn: row.issued_on,
  };
}

async function contentOf(
  deps: Pick<Deps, 'db' | 'settings' | 'config' | 'log'>,
  row: CertificateRow,
): Promise<CertificateContent> {
  const entry = { ...row, id: row.submission_id };
  const settings = await deps.settings.getSettings();
  return {
    kind: row.kind,
    siteTitle: settings.title,
    accentColour: settings.theme.primaryColor,
    artistName: row.full_name,
    competitionTitle: row.competition_title,
    award: row.award,
    // The work as well as the artist: the entry's title, when its form asked one.
    artworkTitle: artworkTitleOf(entry, deps.log),
    issuedOn: formatCalendarDate(row.issued_on),
    code: row.code,
    verifyUrl: `${deps.config.publicUrl}${certificatePathOf(row.code)}`,
    recordSha256: await publishedRecordHash(deps.db, row.competition_id),
  };
}

/** The certificate's PDF: the stored copy while what it says is unchanged, else made again. */
export async function certificatePdf(
  deps: Pick<Deps, 'db' | 'settings' | 'config' | 'storage' | 'log'>,
  code: string,
): Promise<{ body: Buffer | Readable; size: number; name: string }> {
  const row = await requireCertificate(deps.db, code);
  const content = await contentOf(deps, row);
  const inputs = createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 32);
  const name = `certificate-${row.code}.pdf`;
  if (row.file_key && row.file_inputs === inputs) {
    const stored = await deps.storage.get(row.file_key);
    if (stored) return { body: stored.body, size: stored.size, name };
  }
  const pdf = await renderCertificatePdf(content);
  const key = `private/certificates/${row.code.toLowerCase()}-${inputs.slice(0, 12)}.pdf`;
  await deps.storage.put(key, pdf, { contentType: 'application/pdf' });
  await setCertificateFile(deps.db, row.id, key, inputs);
  if (row.file_key && row.file_key !== key) await deps.storage.delete(row.file_key);
  return { body: pdf, size: pdf.length, name };
}
