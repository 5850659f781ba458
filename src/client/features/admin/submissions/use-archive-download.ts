import { type RefObject, useEffect, useRef, useState } from 'react';
import { archiveFileName, archivePath } from '../../../../shared/schemas/archive.ts';
import { ApiError, errorFromResponse } from '../../../lib/api-client.ts';
import { useSession } from '../common/session.tsx';
import {
  diskSink,
  memorySink,
  megabytes,
  nameFromDisposition,
  savePicker,
  saveThroughBrowser,
  type Sink,
  ZIP_TYPES,
} from './archive-sinks.ts';
import { ARCHIVE_TEXT } from './archive-text.ts';

/**
 * Without a save dialog the page would hold the whole archive in memory until the end: above
 * this, the browser's own download (which writes to disk as it goes) takes over.
 */
const MEMORY_SAVE_LIMIT = 256 * 1024 * 1024;

/** How often the progress is redrawn: often enough to see it move, not once per network packet. */
const PROGRESS_INTERVAL_MS = 100;
export type Phase =
  | { name: 'idle' }
  /** Asked; the server measures every file before the first byte. */
  | { name: 'preparing' }
  /** `total` is null when the server gave no length. */
  | { name: 'downloading'; received: number; total: number | null };

/**
 * One archive download at a time for `competitionId`: its phase and progress, what is announced,
 * a failure (belonging to the competition it happened for), and a way to stop. Focus stays on the
 * Download button when the progress it was in goes.
 */
export function useArchiveDownload(
  competitionId: string | null | undefined,
  competitionTitle: string | undefined,
  {
    downloadButton,
    progressArea,
  }: {
    downloadButton: RefObject<HTMLButtonElement | null>;
    progressArea: RefObject<HTMLDivElement | null>;
  },
) {
  const { signedOut, refresh } = useSession();
  const [approvedOnly, setApprovedOnly] = useState(false);
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  // A failure belongs to the competition it happened for: choosing another clears it.
  const [failure, setFailure] = useState<{ competitionId: string; message: string }>();
  const [announcement, setAnnouncement] = useState('');
  const running = useRef<AbortController | null>(null);
  const refocus = useRef(false);
  const busy = phase.name !== 'idle';

  // Leaving the page stops the download.
  useEffect(() => () => running.current?.abort(), []);

  // Cancel goes when the download ends: the keyboard stays on the Download button.
  useEffect(() => {
    if (phase.name !== 'idle' || !refocus.current) return;
    refocus.current = false;
    downloadButton.current?.focus();
  }, [phase, downloadButton]);

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
    const picker = savePicker();
    let sink: Sink | undefined;
    if (picker) {
      try {
        // Asked first, while the click still counts as the admin's own act (the browser's rule).
        sink = await diskSink(await picker({ suggestedName, types: ZIP_TYPES }));
      } catch {
        // Refused, unavailable or closed (headless Chromium closes it at once, as an abort): the
        // archive still comes, as an ordinary download the admin can cancel below.
      }
    }
    const toDisk = sink !== undefined;
    sink ??= memorySink();

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
      if (!toDisk && total !== null && total > MEMORY_SAVE_LIMIT) {
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

  const failed = failure && failure.competitionId === competitionId ? failure.message : undefined;
  return {
    approvedOnly,
    setApprovedOnly,
    phase,
    busy,
    failed,
    announcement,
    start: () => void download(),
    cancel: () => running.current?.abort(),
  };
}
