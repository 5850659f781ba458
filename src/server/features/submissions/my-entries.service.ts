import { artistApiPaths } from '../../../shared/api-paths.ts';
import type { MyDetails, MyEntries, MyEntry } from '../../../shared/schemas/artist.ts';
import { RECEIPT_MESSAGES } from '../../../shared/schemas/receipt.ts';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../errors.ts';
import { findCompetitionMoment } from '../competitions/competitions.service.ts';
import type { EmailAttachment } from '../feature.ts';
import type { StoredFile } from '../media/media.service.ts';
import { receiptPdf, receiptsOfEntry } from '../receipts/receipts.service.ts';
import { entryViewOf, type PublishedResult } from './entries.service.ts';
import { findPublishedResult } from './entry-result.repository.ts';
import {
  entryIdOfFile,
  findOwnFile,
  ownFilesOf,
  ownPhotoOf,
  shownFile,
  storedOwnFile,
} from './my-entries.files.ts';
import { entriesWithJury, findEntriesOfEmail, findEntryOfEmail } from './my-entries.repository.ts';
import type { EntryRow } from './submissions.repository.ts';
import { type StoredWork, worksOf } from './works.repository.ts';

/*
 * "My entries": every entry made with the signed-in artist's e-mail address, as each one's own
 * entry page shows it, with what may still be done with it; their files and receipts, served to
 * them alone; and their details from their latest entry, for their next registration.
 */

/** Under the artist's scope: the entry page's own receipt addresses need the entry's token. */
const MY_RECEIPTS_PATH = `${artistApiPaths.me}/receipts`;
export const MY_DETAILS_MESSAGES = {
  none: 'No entry has been made with this address yet.',
} as const;
const FILE_NOT_FOUND = 'File not found';

type Moment = Awaited<ReturnType<typeof findCompetitionMoment>>;
type Receipts = Awaited<ReturnType<typeof receiptsOfEntry>>;

/** The address of one of the artist's receipts: only their own are ever answered. */
export const myReceiptUrl = (number: string) => `${MY_RECEIPTS_PATH}/${encodeURIComponent(number)}`;

interface EntryParts {
  works: readonly StoredWork[];
  published: PublishedResult;
  receipts: Receipts;
  moment: Moment;
  withJury: boolean;
}

/** What the site's settings decide for every entry: whether a paid fee is refunded on withdrawal. */
interface Rules {
  refundOnArtistWithdrawal: boolean;
}

function myEntryOf(
  row: EntryRow,
  parts: EntryParts,
  rules: Rules,
  now: Date,
  log: Deps['log'],
): MyEntry {
  const view = entryViewOf(row, parts.works, log, parts.published);
  const files = ownFilesOf(row, parts.works, log);
  // Before the close and still standing; an entry whose competition is gone has no close.
  const open = parts.moment !== undefined && now < parts.moment.closesAt;
  const standing = row.withdrawn_at === null;
  return {
    id: row.id,
    reference: view.reference,
    competition: view.competition,
    submittedAt: view.submittedAt,
    status: view.status,
    paymentState: view.paymentState,
    entryFee: view.entryFee,
    withdrawnAt: row.withdrawn_at,
    closesAt: parts.moment?.closesText ?? null,
    editable: open && standing && !parts.withJury,
    withdrawable: open && standing,
    refundOnWithdrawal: rules.refundOnArtistWithdrawal && view.paymentState === 'received',
    details: view.details,
    photo: files.photo && shownFile(files.photo),
    works: files.works.map((work) => ({ ...work, files: work.files.map(shownFile) })),
    receipts: parts.receipts.map((receipt) => ({
      number: receipt.number,
      kind: receipt.kind === 'credit_note' ? 'credit-note' : 'receipt',
      url: myReceiptUrl(receipt.number),
    })),
    result: view.result,
  };
}

/** Every entry made with `email`, any case, in every competition, the newest first. */
export async function listMyEntries(
  deps: Pick<Deps, 'db' | 'log' | 'clock' | 'settings'>,
  email: string,
): Promise<MyEntries> {
  const rows = await findEntriesOfEmail(deps.db, email);
  const works = await worksOf(
    deps.db,
    rows.map((row) => row.id),
    deps.log,
  );
  const { timeZone, refundOnArtistWithdrawal } = await deps.settings.getSettings();
  const withJury = await entriesWithJury(
    deps.db,
    rows.map((row) => row.id),
  );
  const now = deps.clock.now();
  // Each competition's close read once, however many of its entries the artist made.
  const moments = new Map<string, Promise<Moment>>();
  const momentOf = (competitionId: string) => {
    let moment = moments.get(competitionId);
    if (!moment) {
      moment = findCompetitionMoment(deps.db, competitionId, timeZone, now);
      moments.set(competitionId, moment);
    }
    return moment;
  };
  const entries = await Promise.all(
    rows.map(async (row) => {
      const parts: EntryParts = {
        works: works.get(row.id) ?? [],
        published: await findPublishedResult(deps.db, row.id),
        receipts: await receiptsOfEntry(deps, row.id),
        moment: row.competition_id === null ? undefined : await momentOf(row.competition_id),
        withJury: withJury.has(row.id),
      };
      return myEntryOf(row, parts, { refundOnArtistWithdrawal }, now, deps.log);
    }),
  );
  return { entries };
}

/** The file `id` names, only when it is of one of the artist's entries; else 404. */
export async function findMyFile(
  deps: Pick<Deps, 'db' | 'log' | 'storage'>,
  email: string,
  id: string,
): Promise<StoredFile> {
  const submissionId = entryIdOfFile(id);
  const row = submissionId && (await findEntryOfEmail(deps.db, email, submissionId));
  if (!row) throw notFound(FILE_NOT_FOUND);
  const works = (await worksOf(deps.db, [row.id], deps.log)).get(row.id) ?? [];
  const file = findOwnFile(ownFilesOf(row, works, deps.log), id);
  const stored = file && (await storedOwnFile(deps, file));
  if (!stored) throw notFound(FILE_NOT_FOUND);
  return stored;
}

/** The PDF of receipt `number`, only when it is of one of the artist's entries; else 404. */
export async function findMyReceiptPdf(
  deps: Pick<Deps, 'db' | 'settings'>,
  email: string,
  number: string,
): Promise<EmailAttachment> {
  for (const row of await findEntriesOfEmail(deps.db, email)) {
    const receipts = await receiptsOfEntry(deps, row.id);
    if (receipts.some((receipt) => receipt.number === number)) return receiptPdf(deps, number);
  }
  throw notFound(RECEIPT_MESSAGES.notFound);
}

/**
 * The artist's details from their latest entry that stands (their latest withdrawn one when all
 * are), with its photo, which a registration may reuse; 404 when they have made none.
 */
export async function findMyDetails(deps: Pick<Deps, 'db'>, email: string): Promise<MyDetails> {
  const rows = await findEntriesOfEmail(deps.db, email);
  const latest = rows.find((row) => row.withdrawn_at === null) ?? rows[0];
  if (!latest) throw new AppError(404, 'NO_ENTRIES', MY_DETAILS_MESSAGES.none);
  const photo = ownPhotoOf(latest);
  return {
    fullName: latest.full_name,
    age: latest.age,
    gender: latest.gender,
    email: latest.email,
    phone: latest.phone,
    address: latest.address,
    pincode: latest.pincode,
    photo: photo && shownFile(photo),
  };
}
