import { useEffect, useId, useRef, useState } from 'react';
import { archiveFileName, archivePath } from '../../../../shared/schemas/archive.ts';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/form-fields.tsx';
import { ApiError, ERROR_MESSAGES, errorFromResponse } from '../../../lib/api-client.ts';
import { useReducedMotion } from '../../../lib/use-reduced-motion.ts';
import { useSession } from '../common/session.tsx';
import { FormAlert, MUTED_TEXT } from '../common/shell/admin-page.tsx';

/*
 * Issue 14 item 7: a competition's artworks as one ZIP, downloaded with its progress on the page.
 * The archive can be gigabytes: where the browser lets a page write a file (Chromium's
 * showSaveFilePicker), each piece goes to disk as it arrives; elsewhere the pieces are kept until
 * the end and saved as one file through a link.
 */

export const ARCHIVE_TEXT = {
  download: 'Download artworks (ZIP)',
  approvedOnly: 'Approved entries only',
  chooseCompetition: 'Choose a competition to download its artworks.',
  progress: 'Downloading artworks',
  preparing: 'Preparing the archive…',
  cancel: 'Cancel download',
  cancelled: 'Download cancelled.',
  interrupted: 'The download was interrupted. Please try again.',
  saved: (name: string) => `Saved ${name}.`,
  started: (size: string) => `Downloading ${size}.`,
  handedOver: 'The archive is large: your browser saves it, and its downloads show the progress.',
  group: 'Artworks archive',
} as const;

/**
 * Without a save dialog the page would hold the whole archive in memory until the end: above
 * this, the browser's own download (which writes to disk as it goes) takes over.
 */
const MEMORY_SAVE_LIMIT = 256 * 1024 * 1024;

/** How often the progress is redrawn: often enough to see it move, not once per network packet. */
const PROGRESS_INTERVAL_MS = 100;
/** Long enough for the browser to start saving from the link before the bytes are let go. */
const LINK_LIFETIME_MS = 10_000;
const ZIP_TYPES = [{ description: 'ZIP archive', accept: { 'application/zip': ['.zip'] } }];

type Phase =
  | { name: 'idle' }
  /** Asked; the server measures every file before the first byte. */
  | { name: 'preparing' }
  /** `total` is null when the server gave no length. */
  | { name: 'downloading'; received: number; total: number | null };

/** Where the bytes go as they come. */
interface Sink {
  write(chunk: Uint8Array<ArrayBuffer>): Promise<void>;
  /** Saves what was written; answers the name it was saved as. */
  finish(serverName: string): Promise<string>;
  discard(): Promise<void>;
}

type SaveFilePicker = (options: {
  suggestedName: string;
  types: typeof ZIP_TYPES;
}) => Promise<FileSystemFileHandle>;

/** Chromium's save dialog; not in Firefox or Safari (nor in TypeScript's DOM types yet). */
function savePicker(): SaveFilePicker | undefined {
  return (window as Window & { showSaveFilePicker?: SaveFilePicker }).showSaveFilePicker;
}

/** Straight to the file the admin chose: memory stays flat however large the archive. */
async function diskSink(handle: FileSystemFileHandle): Promise<Sink> {
  const writable = await handle.createWritable();
  return {
    write: (chunk) => writable.write(chunk),
    async finish() {
      await writable.close();
      return handle.name;
    },
    async discard() {
      await writable.abort();
      // The dialog made an empty file; Chromium can take it away again.
      await (handle as FileSystemFileHandle & { remove?: () => Promise<void> }).remove?.();
    },
  };
}

/** Has the browser save what `url` answers, as a click on a download link would. */
function saveThroughBrowser(url: string, name = ''): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Kept in memory and saved through a link at the end, named as the server names it. */
function memorySink(): Sink {
  let chunks: Uint8Array<ArrayBuffer>[] = [];
  return {
    async write(chunk) {
      chunks.push(chunk);
    },
    async finish(serverName) {
      const url = URL.createObjectURL(new Blob(chunks, { type: 'application/zip' }));
      chunks = [];
      saveThroughBrowser(url, serverName);
      setTimeout(() => URL.revokeObjectURL(url), LINK_LIFETIME_MS);
      return serverName;
    },
    async discard() {
      chunks = [];
    },
  };
}

/** The UTF-8 name of an RFC 6266 Content-Disposition, else its plain name. */
function nameFromDisposition(header: string | null): string | undefined {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A broken encoding: the plain name below.
    }
  }
  return /filename="([^"]+)"/i.exec(header ?? '')?.[1];
}

/** '12.3 MB', in the MB the site's upload limits use (1,048,576 bytes). */
function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

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
  const { signedOut, refresh } = useSession();
  const reducedMotion = useReducedMotion();
  const [approvedOnly, setApprovedOnly] = useState(false);
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  // A failure belongs to the competition it happened for: choosing another clears it.
  const [failure, setFailure] = useState<{ competitionId: string; message: string }>();
  const [announcement, setAnnouncement] = useState('');
  const running = useRef<AbortController | null>(null);
  const downloadButton = useRef<HTMLButtonElement>(null);
  const progressArea = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);
  const hintId = useId();
  const progressId = useId();
  const progressTextId = useId();
  const busy = phase.name !== 'idle';

  // Leaving the page stops the download.
  useEffect(() => () => running.current?.abort(), []);

  // Cancel goes when the download ends: the keyboard stays on the Download button.
  useEffect(() => {
    if (phase.name !== 'idle' || !refocus.current) return;
    refocus.current = false;
    downloadButton.current?.focus();
  }, [phase]);

  function end(outcome: { announce: string } | { fail: string }) {
    refocus.current = progressArea.current?.contains(document.activeElement) ?? false;
    setPhase({ name: 'idle' });
    if ('fail' in outcome && competitionId) {
      setFailure({ competitionId, message: outcome.fail });
      setAnnouncement('');
    } else if ('announce' in outcome) {
      setAnnouncement(outcome.announce);
    }
  }

  async function download() {
    if (!competitionId || busy) return;
    const suggestedName = archiveFileName(competitionTitle ?? '', approvedOnly);
    setFailure(undefined);
    setAnnouncement('');
    let sink: Sink;
    const picker = savePicker();
    try {
      // Asked first, while the click still counts as the admin's own act (the browser's rule).
      sink = picker
        ? await diskSink(await picker({ suggestedName, types: ZIP_TYPES }))
        : memorySink();
    } catch (error) {
      // Closing the save dialog is a choice, not a failure.
      if (!isAbort(error)) end({ fail: ERROR_MESSAGES.UNKNOWN_ERROR });
      return;
    }

    const controller = new AbortController();
    running.current = controller;
    setPhase({ name: 'preparing' });
    setAnnouncement(ARCHIVE_TEXT.preparing);
    try {
      const response = await fetch(archivePath(competitionId, approvedOnly), {
        credentials: 'same-origin',
        signal: controller.signal,
      });
      if (!response.ok) {
        const body: unknown = await response.json().catch(() => undefined);
        throw errorFromResponse(response.status, body);
      }
      const total = Number(response.headers.get('content-length')) || null;
      if (!picker && total !== null && total > MEMORY_SAVE_LIMIT) {
        controller.abort();
        await sink.discard();
        saveThroughBrowser(archivePath(competitionId, approvedOnly));
        end({ announce: ARCHIVE_TEXT.handedOver });
        return;
      }
      setPhase({ name: 'downloading', received: 0, total });
      if (total !== null) setAnnouncement(ARCHIVE_TEXT.started(megabytes(total)));
      let received = 0;
      let drawn = performance.now();
      const reader = response.body?.getReader();
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        await sink.write(chunk.value);
        received += chunk.value.byteLength;
        if (performance.now() - drawn >= PROGRESS_INTERVAL_MS) {
          drawn = performance.now();
          setPhase({ name: 'downloading', received, total });
        }
      }
      const name = nameFromDisposition(response.headers.get('content-disposition'));
      end({ announce: ARCHIVE_TEXT.saved(await sink.finish(name ?? suggestedName)) });
    } catch (error) {
      await sink.discard().catch(() => {});
      if (controller.signal.aborted) {
        end({ announce: ARCHIVE_TEXT.cancelled });
      } else if (error instanceof ApiError) {
        // As every admin request: a 401 is the session's end, a 403 maybe new rules.
        if (error.status === 401) signedOut(true);
        if (error.status === 403) void refresh();
        end({ fail: error.message });
      } else {
        end({ fail: ARCHIVE_TEXT.interrupted });
      }
    } finally {
      running.current = null;
    }
  }

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
  const failed = failure && failure.competitionId === competitionId ? failure.message : undefined;

  return (
    <div role="group" aria-label={ARCHIVE_TEXT.group} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <Field
          type="checkbox"
          label={ARCHIVE_TEXT.approvedOnly}
          checked={approvedOnly}
          disabled={busy}
          onChange={(event) => setApprovedOnly(event.target.checked)}
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
          onClick={() => void download()}
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
          <Button variant="outline" size="sm" onClick={() => running.current?.abort()}>
            {ARCHIVE_TEXT.cancel}
          </Button>
        </div>
      ) : null}
      <FormAlert message={failed} />
      {/* While the bar shows the progress, its start is only announced, not written twice. */}
      <p role="status" className={busy ? 'sr-only' : `text-sm ${MUTED_TEXT}`}>
        {announcement}
      </p>
    </div>
  );
}
