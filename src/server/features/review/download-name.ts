import { slugOf } from '../../../shared/domain/file-name.ts';

/*
 * A downloaded file is named after the entry, its artist and the field, such as
 * `WS-2026-000123_asha-rao_artwork-photo.jpg`, readable in any script and safe in every browser.
 */

export function downloadName(reference: string, fullName: string, label: string, ext: string) {
  const parts = [reference, slugOf(fullName) || 'artist', slugOf(label) || 'file'];
  return `${parts.join('_')}.${ext}`;
}

/**
 * RFC 6266: `attachment` with an ASCII name for old browsers (other letters become hyphens) and
 * the full name in UTF-8 (RFC 8187) for the rest.
 */
export function attachmentHeader(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-*([_.])-*/g, '$1')
    .replace(/-{2,}/g, '-');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function extensionFromType(contentType: string): string {
  if (contentType === 'image/webp') return 'webp';
  if (contentType === 'image/png') return 'png';
  if (contentType === 'application/pdf') return 'pdf';
  return 'jpg';
}
