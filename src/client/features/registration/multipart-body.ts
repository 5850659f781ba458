import { workOfImagePart } from '../../../shared/registration-request.ts';

/*
 * The registration's multipart body written out by the form itself rather than by the browser,
 * so the form knows where each part lies in the bytes sent: the upload's progress (bytes sent of
 * the whole body) then says how far each work's pictures have gone. The pictures are not copied:
 * the body is a Blob made of them.
 */

/** Where one part's content lies in the body, in bytes: [start, end). */
export interface PartSpan {
  name: string;
  start: number;
  end: number;
}

export interface MultipartBody {
  body: Blob;
  contentType: string;
  parts: PartSpan[];
}

const encoder = new TextEncoder();

function randomBoundary(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `----WhiteStroke${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** A quoted header parameter: our part and file names are plain, but a quote must not end it. */
const quoted = (text: string) => `"${text.replace(/["\r\n]/g, '_')}"`;

/** `form` as multipart/form-data (RFC 7578), in its order, with each part's span. */
export function multipartBody(form: FormData, boundary = randomBoundary()): MultipartBody {
  const chunks: (Uint8Array | Blob)[] = [];
  const parts: PartSpan[] = [];
  let offset = 0;
  const add = (chunk: Uint8Array | Blob) => {
    chunks.push(chunk);
    offset += chunk instanceof Blob ? chunk.size : chunk.byteLength;
  };
  for (const [name, value] of form.entries()) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(name)}`;
    if (typeof value !== 'string') {
      head += `; filename=${quoted(value.name)}\r\nContent-Type: ${value.type || 'application/octet-stream'}`;
    }
    add(encoder.encode(`${head}\r\n\r\n`));
    const start = offset;
    add(typeof value === 'string' ? encoder.encode(value) : value);
    parts.push({ name, start, end: offset });
    add(encoder.encode('\r\n'));
  }
  add(encoder.encode(`--${boundary}--\r\n`));
  const contentType = `multipart/form-data; boundary=${boundary}`;
  // Copies of the text parts are tiny; the pictures stay references to their own bytes.
  return { body: new Blob(chunks as BlobPart[], { type: contentType }), contentType, parts };
}

/**
 * How far each work's files have gone (0 to 1), by work from 0, once `loaded` bytes of the body
 * are sent: the share of its parts' bytes below `loaded`. A work without files has none (null).
 */
export function worksProgress(parts: readonly PartSpan[], works: number, loaded: number) {
  const sent = Array.from({ length: works }, () => 0);
  const size = Array.from({ length: works }, () => 0);
  for (const part of parts) {
    const index = workOfImagePart(part.name)?.index;
    if (index === undefined || index >= works) continue;
    size[index] = (size[index] ?? 0) + part.end - part.start;
    sent[index] =
      (sent[index] ?? 0) + Math.min(Math.max(loaded - part.start, 0), part.end - part.start);
  }
  return size.map((bytes, i) => (bytes > 0 ? (sent[i] ?? 0) / bytes : null));
}
