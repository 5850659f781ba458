import { type RefObject, useEffect, useEffectEvent, useRef, useState } from 'react';
import { checkImageFile, IMAGE_UPLOAD_FAILED } from '../../../../../shared/domain/image-upload.ts';
import { ApiError } from '../../../../lib/api-client.ts';
import { useSession } from '../session.tsx';
import { uploadImage } from './upload-image.ts';

/** Answers whose message the server wrote for the admin: the seed's type, size and process ones. */
const SHOWN_AS_SENT = new Set([413, 415, 422, 503]);

export type UploadPhase =
  | { name: 'idle' }
  | { name: 'uploading'; fraction: number | null; fileName: string }
  | { name: 'failed'; message: string };

/**
 * One image field's upload: checked here before anything is sent, then sent with its progress,
 * cancelled, or removed, each announced. Remove and Cancel upload take their own button away:
 * `input` (the file input) has the focus instead, once it is enabled again (Cancel's upload ends a
 * moment later). `onBusyChange` hears true while a file is being sent and false once it is not.
 */
export function useImageUpload({
  label,
  onChange,
  onBusyChange,
  input,
}: {
  label: string;
  onChange: (url: string) => void;
  onBusyChange: ((busy: boolean) => void) | undefined;
  input: RefObject<HTMLInputElement | null>;
}) {
  const { signedOut } = useSession();
  const [phase, setPhase] = useState<UploadPhase>({ name: 'idle' });
  const [announcement, setAnnouncement] = useState('');
  const upload = useRef<AbortController | null>(null);
  const refocus = useRef(false);
  const uploading = phase.name === 'uploading';

  // Leaving the form mid-upload stops sending the rest of the file.
  useEffect(() => () => upload.current?.abort(), []);

  useEffect(() => {
    if (!refocus.current || uploading) return;
    refocus.current = false;
    input.current?.focus();
  });

  const reportBusy = useEffectEvent((busy: boolean) => onBusyChange?.(busy));
  useEffect(() => {
    if (!uploading) return;
    reportBusy(true);
    return () => reportBusy(false);
  }, [uploading]);

  async function send(file: File) {
    const refused = checkImageFile(file);
    if (refused) {
      setPhase({ name: 'failed', message: refused });
      return;
    }
    upload.current?.abort();
    const controller = new AbortController();
    upload.current = controller;
    setPhase({ name: 'uploading', fraction: null, fileName: file.name });
    setAnnouncement(`Uploading ${file.name}`);
    try {
      const image = await uploadImage(file, {
        signal: controller.signal,
        onProgress: (fraction) =>
          setPhase((current) =>
            current.name === 'uploading' ? { ...current, fraction } : current,
          ),
      });
      setPhase({ name: 'idle' });
      setAnnouncement(`${label} uploaded`);
      onChange(image.url);
    } catch (failure) {
      if (failure instanceof DOMException && failure.name === 'AbortError') {
        if (upload.current === controller) {
          setPhase({ name: 'idle' });
          setAnnouncement('Upload cancelled');
        }
        return;
      }
      if (failure instanceof ApiError && failure.status === 401) signedOut(true);
      const message =
        failure instanceof ApiError && SHOWN_AS_SENT.has(failure.status)
          ? failure.message
          : IMAGE_UPLOAD_FAILED;
      setPhase({ name: 'failed', message });
    } finally {
      if (upload.current === controller) upload.current = null;
    }
  }

  return {
    phase,
    uploading,
    announcement,
    send: (file: File) => void send(file),
    cancel: () => {
      refocus.current = true;
      upload.current?.abort();
    },
    remove: () => {
      setPhase({ name: 'idle' });
      setAnnouncement(`${label} removed`);
      refocus.current = true;
      onChange('');
    },
  };
}
