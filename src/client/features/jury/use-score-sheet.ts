import { useEffect, useMemo, useState } from 'react';
import { ScoreSheetSchema, type Work } from '../../../shared/schemas/jury.ts';

/** A juror's sheet for one work: a score by criterion id, their comment and their feedback. */
export interface Sheet {
  scores: Record<string, number>;
  comment: string;
  feedback: string;
}

/*
 * Nothing typed is lost to a weak connection or a closed tab: until the sheet is saved, this tab
 * keeps a copy of it per round and work (sessionStorage: this tab only, gone when it closes).
 */
const draftKey = (roundId: string, alias: string) => `jury-sheet:${roundId}:${alias}`;

function readDraft(key: string): Sheet | undefined {
  try {
    const raw = window.sessionStorage.getItem(key);
    if (raw === null) return undefined;
    const parsed = ScoreSheetSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    // Storage turned off, or a damaged copy: the sheet starts from what the server has.
    return undefined;
  }
}

function writeDraft(key: string, sheet: Sheet | undefined): void {
  try {
    if (sheet) window.sessionStorage.setItem(key, JSON.stringify(sheet));
    else window.sessionStorage.removeItem(key);
  } catch {
    // Full or turned off: the sheet is still on the page.
  }
}

/** The same scores, comment and feedback (the server keeps both texts trimmed). */
export function sameSheet(a: Sheet, b: Sheet): boolean {
  const keys = Object.keys(a.scores);
  return (
    keys.length === Object.keys(b.scores).length &&
    keys.every((id) => a.scores[id] === b.scores[id]) &&
    a.comment.trim() === b.comment.trim() &&
    a.feedback.trim() === b.feedback.trim()
  );
}

/**
 * The sheet being filled in for `work`: from this tab's unsaved copy when there is one, else the
 * juror's saved sheet. `unsaved` while it differs from what the server has; a closed round's sheet
 * is what the server has, and cannot change.
 */
export function useScoreSheet(roundId: string, work: Work) {
  const key = draftKey(roundId, work.alias);
  const saved = useMemo<Sheet>(
    () => ({ scores: work.scores, comment: work.comment, feedback: work.feedback }),
    [work],
  );
  const [start] = useState(() => {
    const draft = work.roundOpen ? readDraft(key) : undefined;
    const restored = draft !== undefined && !sameSheet(draft, saved);
    return { sheet: restored ? draft : saved, restored };
  });
  const [sheet, setSheet] = useState<Sheet>(start.sheet);
  const unsaved = work.roundOpen && !sameSheet(sheet, saved);

  useEffect(() => {
    writeDraft(key, unsaved ? sheet : undefined);
  }, [key, sheet, unsaved]);

  return {
    /** What the page shows: the sheet being filled in, or a closed round's saved one. */
    sheet: work.roundOpen ? sheet : saved,
    unsaved,
    /** The sheet came back from this tab's copy, not from the server. */
    restored: start.restored && unsaved,
    setScore: (criterionId: string, score: number | undefined) =>
      setSheet((current) => {
        const scores = { ...current.scores };
        if (score === undefined) delete scores[criterionId];
        else scores[criterionId] = score;
        return { ...current, scores };
      }),
    setComment: (comment: string) => setSheet((current) => ({ ...current, comment })),
    setFeedback: (feedback: string) => setSheet((current) => ({ ...current, feedback })),
    /** The sheet is saved: this tab's copy goes. */
    forget: () => writeDraft(key, undefined),
  };
}
