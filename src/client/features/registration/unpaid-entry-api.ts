import { useCallback, useEffect, useState } from 'react';
import type { RegistrationReceipt } from '../../../shared/schemas/registration.ts';
import { isReceipt } from './registration-api.ts';
import { draftOf, type RegistrationDraft } from './registration-draft.ts';
import { useBrowserValue } from '../../lib/browser-value.ts';

/*
 * A paid entry of a competition saved from this browser whose fee is not yet
 * received, kept per competition until it is paid (or the server no longer knows its link), so
 * the form offers to pay for it rather than make a second entry. Only this browser's own entry:
 * nothing here asks the server whether an address has entries.
 */

const KEY_PREFIX = 'ws:unpaid-entry:';

/**
 * How long a kept entry is offered. Its link works for 60 days, but on a shared computer the next
 * person must not find it: after a week the link in the artist's e-mail serves instead.
 */
export const UNPAID_ENTRY_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * What is stored: the receipt, when it was kept (ms since the epoch), and what the artist typed
 * for it (never the pictures): "Start a different entry" starts from it rather than a blank form.
 */
interface KeptRecord {
  keptAt: number;
  receipt: RegistrationReceipt;
  draft?: RegistrationDraft | null;
}

export function unpaidEntryKey(competitionId: string): string {
  return `${KEY_PREFIX}${competitionId}`;
}

export function rememberUnpaidEntry(
  receipt: RegistrationReceipt,
  now = Date.now(),
  draft: RegistrationDraft | null = null,
): void {
  try {
    const record: KeptRecord = { keptAt: now, receipt, draft };
    localStorage.setItem(unpaidEntryKey(receipt.competition.id), JSON.stringify(record));
  } catch {
    // Storage full or switched off: the entry's link is in the artist's e-mail all the same.
  }
}

/**
 * The kept receipt of `competitionId`'s unpaid entry. A broken or expired record is removed; so
 * is one without its time (kept before records had one), as expired.
 */
export function loadUnpaidEntry(
  competitionId: string,
  now = Date.now(),
): RegistrationReceipt | null {
  let kept: unknown;
  try {
    kept = JSON.parse(localStorage.getItem(unpaidEntryKey(competitionId)) ?? 'null');
  } catch {
    kept = undefined;
  }
  if (kept === null) return null;
  const { keptAt, receipt } = (kept ?? {}) as Partial<KeptRecord>;
  // Either way from now: a clock set back keeps a fresh record, but not for ever.
  const fresh = typeof keptAt === 'number' && Math.abs(now - keptAt) <= UNPAID_ENTRY_KEPT_MS;
  if (fresh && isReceipt(receipt) && receipt.competition.id === competitionId) return receipt;
  forgetUnpaidEntry(competitionId);
  return null;
}

/** What the artist typed for the kept unpaid entry of `competitionId`, if it was kept with it. */
export function loadUnpaidEntryDraft(competitionId: string): RegistrationDraft | null {
  if (loadUnpaidEntry(competitionId) === null) return null;
  try {
    const record = JSON.parse(
      localStorage.getItem(unpaidEntryKey(competitionId)) ?? 'null',
    ) as Partial<KeptRecord> | null;
    // Read back through draftOf: whatever else a stored value holds is dropped.
    const draft = record?.draft;
    return typeof draft === 'object' && draft !== null
      ? draftOf(draft as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The entry page shows the entry `reference` paid (or refunded): if it is the one kept, forgotten. */
export function forgetSettledEntry(competitionId: string, reference: string): void {
  if (loadUnpaidEntry(competitionId)?.reference === reference) forgetUnpaidEntry(competitionId);
}

export function forgetUnpaidEntry(competitionId: string): void {
  try {
    localStorage.removeItem(unpaidEntryKey(competitionId));
  } catch {
    // Nothing was kept.
  }
}

export const CHECKING_UNPAID_ENTRY = 'Checking your earlier entry…';

/** What this browser keeps, read afresh each time (a new object even when nothing is kept). */
export interface KeptEntry {
  receipt: RegistrationReceipt | null;
}

/**
 * This browser's unpaid entry of `competitionId`, read again when a page comes back from the
 * browser's cache (Back) and when another tab changes it. `forget` drops it (started afresh on
 * purpose, or the server says it is paid or gone).
 */
const NONE_KEPT: KeptEntry = { receipt: null };

export function useKeptUnpaidEntry(competitionId: string) {
  // Storage is the browser's alone: the server and the hydrating render know no kept entry, so
  // the markup matches the server's; what this browser kept shows right after.
  const stored = useBrowserValue<KeptEntry>(
    () => ({ receipt: loadUnpaidEntry(competitionId) }),
    NONE_KEPT,
  );
  const [heard, setKept] = useState<KeptEntry | undefined>(undefined);
  const kept = heard ?? stored;
  useEffect(() => {
    const reread = () => setKept({ receipt: loadUnpaidEntry(competitionId) });
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === unpaidEntryKey(competitionId)) reread();
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reread();
    };
    window.addEventListener('storage', onStorage);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [competitionId]);
  // Stable: the gate calls it from an effect when the server says the entry is paid or gone.
  const forget = useCallback(() => {
    forgetUnpaidEntry(competitionId);
    setKept({ receipt: null });
  }, [competitionId]);
  return { kept, forget };
}
