import { useEffect, useState } from 'react';
import type { RegistrationReceipt } from '../../../shared/schemas/registration.ts';
import { isReceipt } from './registration-api.ts';

/*
 * Issue 20 item 2: a paid entry of a competition saved from this browser whose fee is not yet
 * received, kept per competition until it is paid (or the server no longer knows its link), so
 * the form offers to pay for it rather than make a second entry. Only this browser's own entry:
 * nothing here asks the server whether an address has entries.
 */

const KEY_PREFIX = 'ws:unpaid-entry:';

export function unpaidEntryKey(competitionId: string): string {
  return `${KEY_PREFIX}${competitionId}`;
}

export function rememberUnpaidEntry(receipt: RegistrationReceipt): void {
  try {
    localStorage.setItem(unpaidEntryKey(receipt.competition.id), JSON.stringify(receipt));
  } catch {
    // Storage full or switched off: the entry's link is in the artist's e-mail all the same.
  }
}

/** The kept receipt of `competitionId`'s unpaid entry; a broken one is removed. */
export function loadUnpaidEntry(competitionId: string): RegistrationReceipt | null {
  let kept: unknown;
  try {
    kept = JSON.parse(localStorage.getItem(unpaidEntryKey(competitionId)) ?? 'null');
  } catch {
    kept = undefined;
  }
  if (kept === null) return null;
  if (isReceipt(kept) && kept.competition.id === competitionId) return kept;
  forgetUnpaidEntry(competitionId);
  return null;
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
 * browser's cache (Back) and when another tab changes it. `forget` starts afresh on purpose.
 */
export function useKeptUnpaidEntry(competitionId: string) {
  const [kept, setKept] = useState<KeptEntry>(() => ({
    receipt: loadUnpaidEntry(competitionId),
  }));
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
  const forget = () => {
    forgetUnpaidEntry(competitionId);
    setKept({ receipt: null });
  };
  return { kept, forget };
}
