import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/*
 * What the checks of an upload need, gathered as its bytes stream past to storage: the size, a
 * SHA-256, the first bytes (through the image's header: a JPEG up to its first scan, a PNG up to
 * its first data chunk, so sharp reads its type, dimensions and orientation from them), the last
 * bytes (a PNG's IEND, a PDF's end marker), where a JPEG's segments reach its scan and its last
 * end marker is, and a WebP's EXIF chunk (after its image data). Memory stays a few hundred KB
 * whatever the file's size.
 */

/** Always kept: enough for any header sharp reads but a JPEG's or PNG's long metadata. */
export const HEAD_BYTES = 64 * 1024;
/** A header longer than this (metadata segments before the image data) is not kept whole. */
export const HEAD_MAX_BYTES = 2 * 1024 * 1024;
export const TAIL_BYTES = 1024;
/** The most of a WebP's EXIF chunk kept (orientation is in its first entries). */
const EXIF_MAX_BYTES = 256 * 1024;

export interface SniffedUpload {
  size: number;
  sha256: string;
  head: Buffer;
  tail: Buffer;
  /** Where a JPEG's segment walk met its first scan; -1: never (not a JPEG, or broken). */
  jpegScanAt: number;
  /** Where the last 0xFF 0xD9 starts; -1: none. */
  lastJpegEnd: number;
  webpExif: Buffer | undefined;
}

/** The bytes were more than allowed: the stream is stopped and fails with this. */
export class UploadTooLargeError extends Error {
  constructor() {
    super('The upload is larger than allowed.');
  }
}

/**
 * Records at known offsets (segments, chunks): `read` gets `need` bytes at `next` and answers the
 * offset of the next record, or undefined to stop. Bytes between records are never kept.
 */
class RecordWalk {
  private carry = Buffer.alloc(0);
  done = false;
  private next: number;
  private readonly need: number;
  private readonly read: (bytes: Buffer, at: number) => number | undefined;
  constructor(next: number, need: number, read: (bytes: Buffer, at: number) => number | undefined) {
    this.next = next;
    this.need = need;
    this.read = read;
  }

  feed(chunk: Buffer, start: number): void {
    while (!this.done && this.next < start + chunk.length) {
      const from = Math.max(0, this.next - start);
      const wanted = this.need - this.carry.length;
      const bytes = this.carry.length
        ? Buffer.concat([this.carry, chunk.subarray(0, wanted)])
        : chunk.subarray(from, from + this.need);
      if (bytes.length < this.need) {
        this.carry = Buffer.from(bytes);
        return;
      }
      this.carry = Buffer.alloc(0);
      const next = this.read(bytes, this.next);
      if (next === undefined) this.done = true;
      else this.next = next;
    }
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_END = Buffer.from([0xff, 0xd9]);

/** A pass-through stream that sniffs what goes through it; `result()` once it has ended. */
export class UploadSniffer extends Transform {
  private size = 0;
  private readonly hash = createHash('sha256');
  private head: Buffer[] = [];
  private headBytes = 0;
  private tail = Buffer.alloc(0);
  private lastJpegEnd = -1;
  private lastByte = -1;
  private jpegScanAt = -1;
  /** The offset the image's header ends by (its scan or data chunk): undefined while unknown. */
  private headerEnd: number | undefined;
  private isJpeg = false;
  private isPng = false;
  private exifRange: [number, number] | undefined;
  private exif: Buffer[] = [];
  private readonly walks: RecordWalk[];

  private readonly maxBytes: number;
  private readonly cutAtLimit: () => boolean;

  /**
   * `cutAtLimit`: whether the source stopped at its own limit (a multipart part over its file
   * size ends early, marked truncated): the stream then fails at its end, nothing stored.
   */
  constructor(maxBytes: number, cutAtLimit: () => boolean = () => false) {
    super();
    this.maxBytes = maxBytes;
    this.cutAtLimit = cutAtLimit;
    const jpeg = new RecordWalk(0, 4, (b, at) => {
      if (at === 0) {
        this.isJpeg = b[0] === 0xff && b[1] === 0xd8;
        return this.isJpeg ? 2 : undefined;
      }
      // The walk isWholeImage makes: fill bytes, then segments by their lengths, to the scan.
      if (b[0] !== 0xff || b[1] === 0xda) {
        this.headerEnd = at;
        if (b[0] === 0xff) this.jpegScanAt = at;
        return undefined;
      }
      return b[1] === 0xff ? at + 1 : at + 2 + b.readUInt16BE(2);
    });
    const png = new RecordWalk(0, 8, (b, at) => {
      if (at === 0) {
        this.isPng = b.equals(PNG_SIGNATURE);
        return this.isPng ? 8 : undefined;
      }
      if (b.toString('latin1', 4, 8) !== 'IDAT') return at + 12 + b.readUInt32BE(0);
      this.headerEnd = at;
      return undefined;
    });
    // RIFF chunks (a WebP's 'WEBP' after the RIFF header is checked from the head).
    const webp = new RecordWalk(0, 8, (b, at) => {
      if (at === 0) return b.toString('latin1', 0, 4) === 'RIFF' ? 12 : undefined;
      const size = b.readUInt32LE(4);
      if (b.toString('latin1', 0, 4) !== 'EXIF') return at + 8 + size + (size & 1);
      this.exifRange = [at + 8, at + 8 + Math.min(size, EXIF_MAX_BYTES)];
      return undefined;
    });
    this.walks = [jpeg, png, webp];
  }

  /** How much of the start is kept: through the header, within HEAD_MAX_BYTES. */
  private headWanted(): number {
    if ((this.isJpeg || this.isPng) && this.headerEnd === undefined) return HEAD_MAX_BYTES;
    return Math.max(HEAD_BYTES, Math.min(HEAD_MAX_BYTES, (this.headerEnd ?? 0) + 1024));
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const start = this.size;
    this.size += chunk.length;
    if (this.size > this.maxBytes) return done(new UploadTooLargeError());
    this.hash.update(chunk);
    for (const walk of this.walks) walk.feed(chunk, start);
    this.keepExif(chunk, start);
    const end = chunk.lastIndexOf(JPEG_END);
    if (end >= 0) this.lastJpegEnd = start + end;
    else if (this.lastByte === 0xff && chunk[0] === 0xd9) this.lastJpegEnd = start - 1;
    this.lastByte = chunk[chunk.length - 1] ?? this.lastByte;
    const room = this.headWanted() - this.headBytes;
    if (room > 0) {
      const kept = Buffer.from(chunk.subarray(0, room));
      this.head.push(kept);
      this.headBytes += kept.length;
    }
    this.tail = Buffer.concat([this.tail, chunk.subarray(-TAIL_BYTES)]).subarray(-TAIL_BYTES);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    done(this.cutAtLimit() ? new UploadTooLargeError() : null);
  }

  private keepExif(chunk: Buffer, start: number): void {
    if (!this.exifRange) return;
    const [from, to] = this.exifRange;
    const a = Math.max(from, start);
    const b = Math.min(to, start + chunk.length);
    if (a < b) this.exif.push(Buffer.from(chunk.subarray(a - start, b - start)));
  }

  result(): SniffedUpload {
    return {
      size: this.size,
      sha256: this.hash.copy().digest('hex'),
      head: Buffer.concat(this.head),
      tail: Buffer.from(this.tail),
      jpegScanAt: this.jpegScanAt,
      lastJpegEnd: this.lastJpegEnd,
      webpExif: this.exif.length > 0 ? Buffer.concat(this.exif) : undefined,
    };
  }
}

/** The same as a stream gives, from bytes at hand. */
export function sniffBytes(data: Buffer): SniffedUpload {
  const sniffer = new UploadSniffer(Infinity);
  sniffer._transform(data, 'binary', () => undefined);
  return sniffer.result();
}
