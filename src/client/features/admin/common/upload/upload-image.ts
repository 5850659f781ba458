import { adminApiPaths } from '../../../../../shared/api-paths.ts';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../../../../shared/csrf.ts';
import type { ResponsiveImage } from '../../../../../shared/schemas/image.ts';
import { ApiError, ERROR_MESSAGES, errorFromResponse } from '../../../../lib/api-client.ts';

export const UPLOAD_IMAGE_PATH = adminApiPaths.uploadImage;

/**
 * Sends one image to the server's upload route. XMLHttpRequest rather than fetch: only it reports
 * upload progress, which an admin on a slow connection needs to see. Failures are ApiErrors, as
 * with apiFetch; an abort through `signal` rejects with an AbortError.
 */
export function uploadImage(
  file: File,
  { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<ResponsiveImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_IMAGE_PATH);
    xhr.responseType = 'json';
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader(CSRF_HEADER, CSRF_HEADER_VALUE);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status === 201) resolve(xhr.response as ResponsiveImage);
      else reject(errorFromResponse(xhr.status, xhr.response));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', ERROR_MESSAGES.NETWORK_ERROR));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
