import { type DragEvent, useId, useRef, useState } from 'react';
import {
  IMAGE_LOAD_FAILED,
  IMAGE_MIME_TYPES,
  IMAGE_UPLOAD_HINT,
} from '../../../../../shared/domain/image-upload.ts';
import { Button } from '../../../../components/button.tsx';
import { RequiredMark } from '../forms/form-fields.tsx';
import { FOCUS_RING } from '../shell/admin-page.tsx';
import { useImageUpload } from './use-image-upload.ts';

/**
 * Seed §2/§5 "Admin upload widget": drag and drop or browse, a preview of the
 * current image, remove, progress while sending, and the hint 'PNG, JPG up to 10MB' enforced here
 * before anything is sent (the server checks again from the bytes). The value is the stored
 * image's URL ('' for none); `onChange` gets the new URL once the server has kept the image.
 * `onBusyChange` hears true while a file is being sent and false once it is not, so that the form
 * can refuse to save without it.
 */
export function ImageUpload({
  label,
  value,
  onChange,
  error,
  required = false,
  onBusyChange,
}: {
  label: string;
  value: string;
  onChange: (url: string) => void;
  error?: string | undefined;
  required?: boolean;
  onBusyChange?: (busy: boolean) => void;
}) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const { phase, uploading, announcement, send, cancel, remove } = useImageUpload({
    label,
    onChange,
    onBusyChange,
    input,
  });

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && phase.name !== 'uploading') send(file);
  }

  const shownError =
    phase.name === 'failed'
      ? phase.message
      : brokenUrl === value && value
        ? IMAGE_LOAD_FAILED
        : error;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-medium">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {value ? (
        <div className="mb-2 flex flex-wrap items-end gap-3">
          <img
            src={value}
            alt={`${label}: preview`}
            className="h-32 w-auto max-w-full rounded-lg border border-gray-300 object-contain dark:border-gray-700"
            onError={() => setBrokenUrl(value)}
            onLoad={() => setBrokenUrl(null)}
          />
          <Button
            variant="outline"
            size="sm"
            disabled={uploading}
            aria-label={`Remove ${label.toLowerCase()}`}
            onClick={remove}
          >
            Remove
          </Button>
        </div>
      ) : null}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          if (!uploading) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`rounded-lg border-2 border-dashed p-4 ${
          dragging
            ? 'border-primary bg-gray-50 dark:bg-gray-800'
            : shownError
              ? 'border-red-700 dark:border-red-400'
              : 'border-gray-500'
        }`}
      >
        <p className="mb-2 text-sm">
          Drag and drop an image here, or choose a file{value ? ' to replace it' : ''}.
        </p>
        <input
          ref={input}
          id={id}
          type="file"
          accept={IMAGE_MIME_TYPES.join(',')}
          disabled={uploading}
          aria-required={required || undefined}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? `${hintId} ${errorId}` : hintId}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared so that choosing the same file again (after an error) is noticed.
            event.target.value = '';
            if (file) send(file);
          }}
          className={`block w-full text-sm file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-lg file:border-0 file:bg-primary file:px-4 file:font-semibold file:text-white ${FOCUS_RING}`}
        />
        <p id={hintId} className="mt-2 text-sm text-gray-600 dark:text-gray-400">
          {IMAGE_UPLOAD_HINT}
        </p>
        {phase.name === 'uploading' ? (
          <UploadProgress fileName={phase.fileName} fraction={phase.fraction} onCancel={cancel} />
        ) : null}
      </div>
      {shownError ? (
        <p
          id={errorId}
          role={phase.name === 'failed' ? 'alert' : undefined}
          className="mt-1 text-sm font-medium text-red-800 dark:text-red-300"
        >
          {shownError}
        </p>
      ) : null}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

/** A file on its way: how much has gone, and a way to stop it. */
function UploadProgress({
  fileName,
  fraction,
  onCancel,
}: {
  fileName: string;
  fraction: number | null;
  onCancel: () => void;
}) {
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      <progress
        className="h-2 flex-1 accent-primary"
        aria-label={`Uploading ${fileName}`}
        max={1}
        value={fraction ?? undefined}
      />
      <span className="text-sm tabular-nums">
        {fraction === null ? 'Starting…' : `${Math.round(fraction * 100)}%`}
      </span>
      <Button variant="outline" size="sm" onClick={onCancel}>
        Cancel upload
      </Button>
    </div>
  );
}
