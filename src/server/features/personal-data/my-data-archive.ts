import type { PassThrough, Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { MyEntry } from '../../../shared/schemas/artist.ts';
import type { Deps } from '../../deps.ts';
import { findMessagesTo } from '../mail/mail.service.ts';
import {
  findEntriesOfEmail,
  listMyEntries,
  type OwnFile,
  ownFilesOf,
  worksOf,
} from '../submissions/submissions.service.ts';

/*
 * Everything held about an artist's address, as one ZIP: `data.json` (the address, each entry
 * with its competition, contact details, answers, works, payments, receipts, result and
 * certificates, and every message the outbox holds for the address) and their files under
 * `files/<reference>/`, the originals as kept. The JSON is built first (it is small); the files
 * are streamed from storage one at a time as the archive reaches them.
 */

type ArchiveDeps = Pick<Deps, 'db' | 'log' | 'clock' | 'settings' | 'payments' | 'storage'>;
type EntryRows = Awaited<ReturnType<typeof findEntriesOfEmail>>;

interface ArchiveFile {
  name: string;
  key: string;
  mtime: Date;
}

/** `files/<reference>/<place>.<ext>`: the file's place in its entry names it. */
function archiveNameOf(reference: string, file: OwnFile): string {
  const place = file.id.slice(file.id.indexOf('.') + 1).replace(/^_/, '');
  const extension = /\.[a-z0-9]+$/.exec(file.key)?.[0] ?? '';
  return `files/${reference}/${place}${extension}`;
}

/** Each entry's stored files that storage has, by the name they take in the archive. */
async function filesOf(deps: ArchiveDeps, rows: EntryRows): Promise<ArchiveFile[]> {
  const works = await worksOf(
    deps.db,
    rows.map((row) => row.id),
    deps.log,
  );
  const files: ArchiveFile[] = [];
  for (const row of rows) {
    const own = ownFilesOf(row, works.get(row.id) ?? [], deps.log);
    for (const file of [...(own.photo ? [own.photo] : []), ...own.works.flatMap((w) => w.files)]) {
      // A picture whose job has not run yet, or a file gone: listed in data.json without a path.
      if (await deps.storage.stat(file.key)) {
        files.push({
          name: archiveNameOf(row.reference, file),
          key: file.key,
          mtime: new Date(row.created_at),
        });
      }
    }
  }
  return files;
}

function entryData(
  entry: MyEntry,
  row: EntryRows[number] | undefined,
  payments: unknown[],
  files: ArchiveFile[],
) {
  const ownFiles = files.filter((file) => file.name.startsWith(`files/${entry.reference}/`));
  return {
    reference: entry.reference,
    competition: entry.competition,
    submittedAt: entry.submittedAt,
    status: entry.status,
    paymentState: entry.paymentState,
    entryFee: entry.entryFee,
    withdrawnAt: entry.withdrawnAt,
    contact: row && {
      fullName: row.full_name,
      age: row.age,
      gender: row.gender,
      email: row.email,
      phone: row.phone,
      address: row.address,
      pincode: row.pincode,
      // A minor's entry: the parent or guardian who consented, and when.
      guardianName: row.guardian_name,
      guardianConsentAt: row.guardian_consent_at,
      publicationConsent: row.publication_consent,
    },
    answers: entry.details,
    works: entry.works.map((work) => ({ number: work.number, title: work.title })),
    files: ownFiles.map((file) => file.name),
    payments,
    receipts: entry.receipts.map(({ number, kind }) => ({ number, kind })),
    result: entry.result,
  };
}

/** The artist's data as a ZIP stream; `exportedAt` is the clock's now. */
export async function buildMyDataArchive(deps: ArchiveDeps, email: string): Promise<Readable> {
  const rows = await findEntriesOfEmail(deps.db, email);
  const { entries } = await listMyEntries(deps, email);
  const files = await filesOf(deps, rows);
  const data = {
    exportedAt: deps.clock.now().toISOString(),
    email: email.trim().toLowerCase(),
    entries: await Promise.all(
      entries.map(async (entry) =>
        entryData(
          entry,
          rows.find((row) => row.id === entry.id),
          await deps.payments.paymentsOfEntry(entry.id),
          files,
        ),
      ),
    ),
    messages: (await findMessagesTo(deps.db, email)).map((message) => ({
      kind: message.kind,
      subject: message.subject,
      text: message.body_text,
      status: message.status,
      createdAt: message.created_at,
      sentAt: message.sent_at,
    })),
  };

  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(`${JSON.stringify(data, null, 2)}\n`), 'data.json');
  for (const file of files) {
    zip.addReadStreamLazy(file.name, { compress: false, mtime: file.mtime }, (done) => {
      void deps.storage.get(file.key).then(
        (stored) =>
          stored
            ? done(null, stored.body)
            : done(new Error(`${file.key} left storage during the download`), undefined as never),
        (error: unknown) => done(error as Error, undefined as never),
      );
    });
  }
  zip.end();
  // yazl's output is a PassThrough (its types say only ReadableStream).
  const body = zip.outputStream as PassThrough;
  zip.on('error', (error: Error) => {
    deps.log.error({ err: error }, "An artist's data archive failed");
    body.destroy(error);
  });
  return body;
}
