import { useId, useRef } from 'react';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/form-fields.tsx';
import { useReducedMotion } from '../../../lib/use-reduced-motion.ts';
import { FormAlert, MUTED_TEXT } from '../common/shell/admin-page.tsx';
import { megabytes } from './archive-sinks.ts';
import { ARCHIVE_TEXT } from './archive-text.ts';
import { useArchiveDownload } from './use-archive-download.ts';

/*
 * A competition's artworks as one ZIP, downloaded with its progress on the page. The archive can
 * be gigabytes: see archive-sinks.ts for where the bytes go.
 */

/**
 * Downloads the artworks of `competitionId` (none chosen: the button explains why it is off),
 * with a progress bar and a way to stop. `competitionTitle` names the file the browser suggests.
 */
export function ArtworksArchive({
  competitionId,
  competitionTitle,
}: {
  competitionId: string | null | undefined;
  competitionTitle?: string | undefined;
}) {
  const reducedMotion = useReducedMotion();
  const downloadButton = useRef<HTMLButtonElement>(null);
  const progressArea = useRef<HTMLDivElement>(null);
  const archive = useArchiveDownload(competitionId, competitionTitle, {
    downloadButton,
    progressArea,
  });
  const { phase, busy } = archive;
  const hintId = useId();
  const progressId = useId();
  const progressTextId = useId();
  const determinate =
    phase.name === 'downloading' && phase.total !== null
      ? { value: phase.received, max: phase.total }
      : undefined;
  const progressText =
    phase.name !== 'downloading'
      ? ARCHIVE_TEXT.preparing
      : phase.total === null
        ? megabytes(phase.received)
        : `${megabytes(phase.received)} of ${megabytes(phase.total)}`;
  // An indeterminate bar moves by itself: left out for those who asked for less motion.
  const showBar = determinate !== undefined || !reducedMotion;

  return (
    <div role="group" aria-label={ARCHIVE_TEXT.group} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <Field
          type="checkbox"
          label={ARCHIVE_TEXT.approvedOnly}
          checked={archive.approvedOnly}
          disabled={busy}
          onChange={(event) => archive.setApprovedOnly(event.target.checked)}
        />
        <Button
          ref={downloadButton}
          variant="outline"
          size="sm"
          disabled={!competitionId}
          // Still focusable while busy, so the keyboard is not thrown out of the page.
          aria-disabled={busy || undefined}
          aria-describedby={competitionId ? undefined : hintId}
          className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
          onClick={archive.start}
        >
          {ARCHIVE_TEXT.download}
        </Button>
      </div>
      {competitionId ? null : (
        <p id={hintId} className={`text-sm ${MUTED_TEXT}`}>
          {ARCHIVE_TEXT.chooseCompetition}
        </p>
      )}
      {busy ? (
        <div ref={progressArea} className="flex flex-wrap items-center gap-3">
          {showBar ? (
            <>
              <label htmlFor={progressId} className="text-sm font-medium">
                {ARCHIVE_TEXT.progress}
              </label>
              <progress
                id={progressId}
                className="h-2 min-w-40 flex-1 accent-primary"
                aria-describedby={progressTextId}
                {...determinate}
              />
            </>
          ) : (
            <span className="text-sm font-medium">{ARCHIVE_TEXT.progress}</span>
          )}
          <span id={progressTextId} className="text-sm tabular-nums">
            {progressText}
          </span>
          <Button variant="outline" size="sm" onClick={archive.cancel}>
            {ARCHIVE_TEXT.cancel}
          </Button>
        </div>
      ) : null}
      <FormAlert message={archive.failed} />
      {/* While the bar shows the progress, its start is only announced, not written twice. */}
      <p role="status" className={busy ? 'sr-only' : `text-sm ${MUTED_TEXT}`}>
        {archive.announcement}
      </p>
    </div>
  );
}
