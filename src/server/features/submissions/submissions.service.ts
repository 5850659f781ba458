/*
 * What other features use of a submission: its stored answers and its works' decoded
 * (stored-entry.ts, works.repository.ts), the text
 * it is searched by (search-text.ts) and the signed link to its entry page.
 */

export {
  decodeEntry,
  decodeFieldValues,
  type EntryLog,
  type EntryWithFirstWorkRow,
  entryValuesOf,
  imagesOf,
  type StoredEntry,
  type StoredFieldValues,
  type StoredImage,
  storedKeysOf,
  submissionFolderOf,
} from './stored-entry.ts';
export {
  firstWorkValues,
  /** An entry's works as they are, for the demo seed's made-up entries (and registration). */
  insertWorks,
  type StoredWork,
  type WorksDb,
  worksOf,
} from './works.repository.ts';
export { entryFormFields } from './entry-form.repository.ts';
export { filesOf } from './entry-files.ts';
export { LIKE_ESCAPE, searchPattern, searchTextOf } from './search-text.ts';
export { publicationOf } from './publication.ts';
export {
  notWithdrawn,
  paymentStateIs,
  receivedForReview,
  reviewStatusIn,
  submissionStatusIs,
} from './entry-state.repository.ts';
export {
  deleteEntryRow,
  markEntryPaid,
  markEntryRefunded,
  restoreEntryStatus,
  setEntriesStatus,
} from './entry-writes.repository.ts';
export { PAYMENT_STATE_COLUMNS, paymentStateOfRow, submissionStatusOfRow } from './entry-rows.ts';
export { issueEntryLink } from './entry-tokens.ts';
/** A key the server keeps in the database, made on first use (signed links of other features). */
export { serverKey } from './server-keys.repository.ts';
export { takeEntryReference } from './entry-reference.ts';
/** An entry written as it is, for the demo seed's made-up entries. */
export { insertSubmission } from './submissions.repository.ts';
export { findEntryView } from './entries.service.ts';
export { findRegistrationForm } from './registration.service.ts';
export { anonymiseEntryRow, erasedAddressOf } from './entry-erasure.repository.ts';
export { storedFilesOfEntry } from './entry-stored-files.ts';
export { findEntriesOfEmail } from './my-entries.repository.ts';
export { listMyEntries } from './my-entries.service.ts';
export { type OwnFile, ownFilesOf } from './my-entries.files.ts';
export { withdrawMyEntry } from './my-withdrawal.ts';
