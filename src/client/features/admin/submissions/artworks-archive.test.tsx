import { act, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ARCHIVE_MESSAGES, ARCHIVE_PATH } from '../../../../shared/schemas/archive.ts';
import { SessionProvider } from '../common/session.tsx';
import { SIGNED_IN } from '../common/test-helpers.tsx';
import { ARCHIVE_TEXT } from './archive-text.ts';
import { ArtworksArchive } from './artworks-archive.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const COMPETITION = '3b1f7c2e-8d4a-4e6b-9c0d-1a2b3c4d5e6f';
const MB = 1024 * 1024;
const SERVER_NAME = 'चित्रकला-उत्सव_artworks.zip';

/**
 * The server's archive, sent as the test says: `send(bytes)` a piece, `end()`, or `cut()` the
 * connection. The request is kept (its URL, its abort signal).
 */
function stubArchive({ total = 3 * MB }: { total?: number } = {}) {
  let stream!: ReadableStreamDefaultController<Uint8Array>;
  const requests: { url: string; init: RequestInit }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const url = String(input);
    if (url === '/api/auth/session') {
      return new Response(JSON.stringify(SIGNED_IN.body), { status: 200 });
    }
    requests.push({ url, init });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        stream = controller;
      },
    });
    init.signal?.addEventListener('abort', () =>
      stream.error(new DOMException('The operation was aborted.', 'AbortError')),
    );
    return new Response(body, {
      status: 200,
      headers: {
        'content-type': 'application/zip',
        'content-length': String(total),
        'content-disposition': `attachment; filename="_artworks.zip"; filename*=UTF-8''${encodeURIComponent(SERVER_NAME)}`,
      },
    });
  });
  const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 120)));
  return {
    requests,
    /** A piece of `size` bytes, after long enough for the progress to be redrawn. */
    send: async (size: number, fill = 1) => {
      await settle();
      await act(async () => stream.enqueue(new Uint8Array(size).fill(fill)));
      await settle();
    },
    end: () => act(async () => stream.close()),
    cut: () => act(async () => stream.error(new TypeError('network error'))),
  };
}

/** An answer of the server that is not the archive: an error envelope. */
function stubRefusal(status: number, code: string, message: string) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (String(input) === '/api/auth/session') {
      return new Response(JSON.stringify(SIGNED_IN.body), { status: 200 });
    }
    return new Response(JSON.stringify({ error: { code, message } }), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
}

/** Chromium's save dialog, choosing `name`; the file written is kept. */
function stubSavePicker(name = 'chosen.zip') {
  const file = {
    chunks: [] as Uint8Array[],
    closed: false,
    aborted: false,
    removed: false,
  };
  const handle = {
    name,
    createWritable: async () => ({
      write: async (chunk: Uint8Array) => void file.chunks.push(chunk),
      close: async () => void (file.closed = true),
      abort: async () => void (file.aborted = true),
    }),
    remove: async () => void (file.removed = true),
  };
  const picker = vi.fn(async () => handle);
  vi.stubGlobal('showSaveFilePicker', picker);
  return { picker, file };
}

/** A save through a link: the URL made of the blob, and the link clicked. */
function stubLinkSave() {
  const blobs: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return 'blob:archive';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const clicked: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push({ href: this.href, download: this.download });
  });
  return { blobs, clicked };
}

function renderArchive(competitionId: string | null, competitionTitle?: string) {
  return render(
    <SessionProvider>
      <ArtworksArchive competitionId={competitionId} competitionTitle={competitionTitle} />
    </SessionProvider>,
  );
}

const downloadButton = () =>
  screen.getByRole('button', { name: ARCHIVE_TEXT.download }) as HTMLButtonElement;
const progressBar = () =>
  screen.getByRole('progressbar', { name: ARCHIVE_TEXT.progress }) as HTMLProgressElement;
const status = () => screen.getByRole('status');

describe('the artworks archive download', () => {
  it('is off, and says why, until a competition is chosen', async () => {
    stubArchive();
    const { rerender } = renderArchive(null);
    expect(downloadButton().disabled).toBe(true);
    const hint = screen.getByText(ARCHIVE_TEXT.chooseCompetition);
    expect(downloadButton().getAttribute('aria-describedby')).toBe(hint.id);

    rerender(
      <SessionProvider>
        <ArtworksArchive competitionId={COMPETITION} />
      </SessionProvider>,
    );
    expect(downloadButton().disabled).toBe(false);
    expect(downloadButton().getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText(ARCHIVE_TEXT.chooseCompetition)).toBeNull();
  });

  it('shows the progress as it comes and saves the archive under the name the server gives', async () => {
    const server = stubArchive({ total: 3 * MB });
    const saved = stubLinkSave();
    renderArchive(COMPETITION, 'चित्रकला उत्सव');
    const user = userEvent.setup();

    await user.click(screen.getByRole('checkbox', { name: ARCHIVE_TEXT.approvedOnly }));
    await user.click(downloadButton());
    expect(server.requests.map((r) => r.url)).toEqual([
      `${ARCHIVE_PATH}?competition=${COMPETITION}&status=approved`,
    ]);
    expect(server.requests[0]?.init.credentials).toBe('same-origin');

    await server.send(MB + MB / 4);
    expect(progressBar().value).toBe(MB + MB / 4);
    expect(progressBar().max).toBe(3 * MB);
    expect(screen.getByText('1.3 MB of 3.0 MB')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: ARCHIVE_TEXT.approvedOnly })).toHaveProperty(
      'disabled',
      true,
    );
    await server.send(MB + (3 * MB) / 4, 2);
    expect(screen.getByText('3.0 MB of 3.0 MB')).toBeTruthy();
    await server.end();

    await waitFor(() => expect(status().textContent).toBe(`Saved ${SERVER_NAME}.`));
    expect(saved.clicked).toEqual([{ href: 'blob:archive', download: SERVER_NAME }]);
    expect(saved.blobs[0]?.size).toBe(3 * MB);
    expect(saved.blobs[0]?.type).toBe('application/zip');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(document.activeElement).toBe(downloadButton());
  });

  it('writes each piece straight to the file chosen in the save dialog', async () => {
    const server = stubArchive({ total: 2 * MB });
    const { picker, file } = stubSavePicker('jury-copy.zip');
    renderArchive(COMPETITION, 'Monsoon Colours');
    const user = userEvent.setup();

    await user.click(downloadButton());
    expect(picker).toHaveBeenCalledWith(
      expect.objectContaining({ suggestedName: 'monsoon-colours_artworks.zip' }),
    );
    await server.send(MB, 1);
    // Written as it came, not kept.
    expect(file.chunks.map((c) => c.length)).toEqual([MB]);
    await server.send(MB, 2);
    await server.end();

    await waitFor(() => expect(status().textContent).toBe('Saved jury-copy.zip.'));
    expect(file.chunks.map((c) => c[0])).toEqual([1, 2]);
    expect(file.closed).toBe(true);
    expect(file.removed).toBe(false);
  });

  it('stops when cancelled, leaves no file, and keeps the keyboard in place', async () => {
    const server = stubArchive();
    const { file } = stubSavePicker();
    renderArchive(COMPETITION);
    const user = userEvent.setup();

    await user.click(downloadButton());
    await server.send(MB);
    const cancel = screen.getByRole('button', { name: ARCHIVE_TEXT.cancel });
    cancel.focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(status().textContent).toBe(ARCHIVE_TEXT.cancelled));
    expect(server.requests[0]?.init.signal?.aborted).toBe(true);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('button', { name: ARCHIVE_TEXT.cancel })).toBeNull();
    expect(file).toMatchObject({ aborted: true, removed: true, closed: false });
    expect(document.activeElement).toBe(downloadButton());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's reason when there is nothing to download", async () => {
    stubRefusal(404, 'NOT_FOUND', ARCHIVE_MESSAGES.noArtworks);
    const { file } = stubSavePicker();
    renderArchive(COMPETITION);

    await userEvent.setup().click(downloadButton());
    expect((await screen.findByRole('alert')).textContent).toBe(ARCHIVE_MESSAGES.noArtworks);
    expect(file).toMatchObject({ aborted: true, removed: true });
    expect(downloadButton().getAttribute('aria-disabled')).toBeNull();
  });

  it('says so when the connection is lost on the way', async () => {
    const server = stubArchive();
    stubLinkSave();
    renderArchive(COMPETITION);

    await userEvent.setup().click(downloadButton());
    await server.send(MB);
    await server.cut();
    expect((await screen.findByRole('alert')).textContent).toBe(ARCHIVE_TEXT.interrupted);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  // Headless Chromium closes the dialog at once, as an abort; a policy can refuse it outright.
  for (const refusal of [
    new DOMException('The user aborted a request.', 'AbortError'),
    new DOMException('Not allowed.', 'NotAllowedError'),
    new DOMException('Must be handling a user gesture.', 'SecurityError'),
  ]) {
    it(`still downloads, with its progress, when the save dialog answers ${refusal.name}`, async () => {
      const server = stubArchive({ total: 2 * MB });
      const saved = stubLinkSave();
      const { picker } = stubSavePicker();
      picker.mockRejectedValueOnce(refusal);
      renderArchive(COMPETITION);

      await userEvent.setup().click(downloadButton());
      await waitFor(() => expect(server.requests).toHaveLength(1));
      await server.send(MB);
      expect(progressBar().value).toBe(MB);
      expect(screen.getByText('1.0 MB of 2.0 MB')).toBeTruthy();
      await server.send(MB, 2);
      await server.end();

      await waitFor(() => expect(status().textContent).toBe(`Saved ${SERVER_NAME}.`));
      expect(saved.clicked).toEqual([{ href: 'blob:archive', download: SERVER_NAME }]);
      expect(saved.blobs[0]?.size).toBe(2 * MB);
      expect(screen.queryByRole('alert')).toBeNull();
    });
  }

  it('says clearly when the ordinary download fails on the way', async () => {
    const server = stubArchive();
    stubLinkSave();
    const { picker } = stubSavePicker();
    picker.mockRejectedValueOnce(new DOMException('The user aborted a request.', 'AbortError'));
    renderArchive(COMPETITION);

    await userEvent.setup().click(downloadButton());
    await server.send(MB);
    await server.cut();
    expect((await screen.findByRole('alert')).textContent).toBe(ARCHIVE_TEXT.interrupted);
  });

  it('leaves out the moving bar for those who asked for less motion, until the length is known', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    let answer: (response: Response) => void = () => {};
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      if (String(input) === '/api/auth/session') {
        return new Response(JSON.stringify(SIGNED_IN.body), { status: 200 });
      }
      return new Promise<Response>((resolve) => (answer = resolve));
    });
    renderArchive(COMPETITION);

    await userEvent.setup().click(downloadButton());
    // Shown beside the bar, and announced once through the status region.
    expect(screen.getAllByText(ARCHIVE_TEXT.preparing)).toHaveLength(2);
    expect(screen.getByRole('status').textContent).toBe(ARCHIVE_TEXT.preparing);
    expect(screen.queryByRole('progressbar')).toBeNull();
    await act(async () =>
      answer(
        new Response(new ReadableStream({ start: () => {} }), {
          headers: { 'content-length': String(MB) },
        }),
      ),
    );
    expect(progressBar().max).toBe(MB);
    expect(screen.getByText('0.0 MB of 1.0 MB')).toBeTruthy();
  });

  it('hands an archive too large to hold in memory to the browser, where no save dialog exists', async () => {
    const server = stubArchive({ total: 300 * MB });
    const { blobs, clicked } = stubLinkSave();
    renderArchive(COMPETITION, 'Monsoon');
    await userEvent.setup().click(screen.getByRole('button', { name: ARCHIVE_TEXT.download }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(ARCHIVE_TEXT.handedOver),
    );
    // The page's own request is given up; the browser asks again and writes to disk as it goes.
    expect(server.requests[0]?.init.signal?.aborted).toBe(true);
    expect(blobs).toEqual([]);
    expect(clicked).toHaveLength(1);
    expect(new URL(clicked[0]!.href).pathname + new URL(clicked[0]!.href).search).toBe(
      `${ARCHIVE_PATH}?competition=${COMPETITION}`,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
