/*
 * What the artist typed, kept in this browser per competition as they type, so a
 * dead battery, a closed tab or a failed send loses nothing. Only typed text: never the pictures
 * (too big for storage) and never the consent boxes, which are given afresh when sending.
 */

/** How long a draft is kept: a shared phone should not hold someone's address for ever. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** Saved this long after the last keystroke (and at once when the page is hidden or left). */
export const DRAFT_SAVE_DELAY_MS = 400;

const KEY_PREFIX = 'ws:registration-draft:';

/** The typed fields; dynamic text and link fields by field id. */
export interface RegistrationDraft {
  fullName?: string;
  age?: string;
  gender?: string;
  email?: string;
  phone?: string;
  address?: string;
  pincode?: string;
  guardianName?: string;
  fieldValues?: Record<string, string>;
  /** Each further work's typed answers, one per work (empty when nothing is typed in it yet). */
  moreWorks?: { fieldValues?: Record<string, string> }[];
}

const TEXT_KEYS = [
  'fullName',
  'age',
  'gender',
  'email',
  'phone',
  'address',
  'pincode',
  'guardianName',
] as const;

export function draftKey(competitionId: string): string {
  return `${KEY_PREFIX}${competitionId}`;
}

/** Only the typed text of `values`, without empty answers; null when nothing was typed. */
export function draftOf(values: Record<string, unknown>): RegistrationDraft | null {
  const draft: RegistrationDraft = {};
  for (const key of TEXT_KEYS) {
    const value = values[key];
    if (typeof value === 'string' && value !== '') draft[key] = value;
  }
  const typed = typedOf(values.fieldValues);
  if (typed) draft.fieldValues = typed;
  // The number of works is kept too: a work added and not yet filled in comes back.
  if (Array.isArray(values.moreWorks) && values.moreWorks.length > 0) {
    draft.moreWorks = (values.moreWorks as unknown[]).map((work) => {
      const answers = typedOf((work as { fieldValues?: unknown } | null)?.fieldValues);
      return answers ? { fieldValues: answers } : {};
    });
  }
  return Object.keys(draft).length > 0 ? draft : null;
}

/** The typed text among a group of answers; undefined when there is none. */
function typedOf(answers: unknown): Record<string, string> | undefined {
  const typed = Object.entries((answers ?? {}) as Record<string, unknown>).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
  );
  return typed.length > 0 ? Object.fromEntries(typed) : undefined;
}

export function saveDraft(
  competitionId: string,
  values: Record<string, unknown>,
  now = Date.now(),
) {
  const draft = draftOf(values);
  try {
    if (draft) {
      localStorage.setItem(draftKey(competitionId), JSON.stringify({ savedAt: now, draft }));
    } else {
      localStorage.removeItem(draftKey(competitionId));
    }
  } catch {
    // Storage full or switched off (some private windows): the form works without a draft.
  }
}

/** The kept draft, if there is one younger than DRAFT_MAX_AGE_MS; an old or broken one is removed. */
export function loadDraft(competitionId: string, now = Date.now()): RegistrationDraft | null {
  let stored: { savedAt?: unknown; draft?: unknown } | null;
  try {
    stored = JSON.parse(localStorage.getItem(draftKey(competitionId)) ?? 'null') as typeof stored;
  } catch {
    stored = { savedAt: 0 };
  }
  if (stored === null) return null;
  const fresh = typeof stored.savedAt === 'number' && now - stored.savedAt < DRAFT_MAX_AGE_MS;
  // Read back through draftOf: whatever else a stored value holds is dropped.
  const draft = fresh && typeof stored.draft === 'object' && stored.draft !== null;
  const values = draft ? draftOf(stored.draft as Record<string, unknown>) : null;
  if (!values) clearDraft(competitionId);
  return values;
}

export function clearDraft(competitionId: string): void {
  try {
    localStorage.removeItem(draftKey(competitionId));
  } catch {
    // Nothing was kept.
  }
}
