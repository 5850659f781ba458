/*
 * Where a downloaded archive goes: where the browser lets a page write a file (Chromium's
 * showSaveFilePicker), each piece goes to disk as it arrives; elsewhere the pieces are kept until
 * the end and saved as one file through a link.
 */

/** Long enough for the browser to start saving from the link before the bytes are let go. */
const LINK_LIFETIME_MS = 10_000;
export const ZIP_TYPES = [{ description: 'ZIP archive', accept: { 'application/zip': ['.zip'] } }];

/** Where the bytes go as they come. */
export interface Sink {
  write(chunk: Uint8Array<ArrayBuffer>): Promise<void>;
  /** Saves what was written; answers the name it was saved as. */
  finish(serverName: string): Promise<string>;
  discard(): Promise<void>;
}

export type SaveFilePicker = (options: {
  suggestedName: string;
  types: typeof ZIP_TYPES;
}) => Promise<FileSystemFileHandle>;

/** Chromium's save dialog; not in Firefox or Safari (nor in TypeScript's DOM types yet). */
export function savePicker(): SaveFilePicker | undefined {
  return (window as Window & { showSaveFilePicker?: SaveFilePicker }).showSaveFilePicker;
}

/** Straight to the file the admin chose: memory stays flat however large the archive. */
export async function diskSink(handle: FileSystemFileHandle): Promise<Sink> {
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
export function saveThroughBrowser(url: string, name = ''): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Kept in memory and saved through a link at the end, named as the server names it. */
export function memorySink(): Sink {
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
export function nameFromDisposition(header: string | null): string | undefined {
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
export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export const isAbort = (error: unknown) =>
  error instanceof DOMException && error.name === 'AbortError';
