import { useEffect, useId, useRef, useState } from 'react';
import type { Work } from '../../../shared/schemas/jury.ts';
import { Button } from '../../components/button.tsx';
import { FOCUS_RING } from '../admin/common/shell/admin-page.tsx';
import { fullSizeUrl } from './api/jury.ts';

type WorkImage = Work['images'][number];

const nameOf = (image: WorkImage, index: number) => image.label || `Image ${index + 1}`;

/**
 * Every image of the work, as large as the screen allows. Each is a button (tap, Enter or Space)
 * that opens the original at full size.
 */
export function WorkImages({ images }: { images: Work['images'] }) {
  const [zoomed, setZoomed] = useState<number | null>(null);
  if (images.length === 0) return <p>This work has no images.</p>;
  return (
    <>
      <ul className="flex flex-col gap-4">
        {images.map((image, index) => (
          <li key={image.url}>
            <figure className="flex flex-col gap-1">
              <button
                type="button"
                onClick={() => setZoomed(index)}
                aria-label={`Zoom in: ${nameOf(image, index)}`}
                className={`block w-full cursor-zoom-in overflow-hidden rounded-lg bg-gray-200 dark:bg-gray-800 ${FOCUS_RING}`}
              >
                <img
                  src={image.url}
                  alt=""
                  className="mx-auto max-h-[75vh] w-auto max-w-full object-contain"
                />
              </button>
              <figcaption className="text-sm font-medium">{nameOf(image, index)}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
      {zoomed === null ? null : (
        <ZoomedImage
          image={images[zoomed] as WorkImage}
          name={nameOf(images[zoomed] as WorkImage, zoomed)}
          onClose={() => setZoomed(null)}
        />
      )}
    </>
  );
}

/**
 * The original, over the whole screen: fitted to it, or at its own size to scroll around; a
 * phone's pinch zooms it further. Escape or Close gives focus back to the image's button.
 */
function ZoomedImage({
  image,
  name,
  onClose,
}: {
  image: WorkImage;
  name: string;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const [actualSize, setActualSize] = useState(false);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement as HTMLElement | null;
    element.showModal();
    closeButton.current?.focus();
    return () => {
      element.close();
      // Browsers give focus back themselves; not all (nor test DOMs) do.
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-black p-0 text-white backdrop:bg-black"
    >
      <div className="flex h-full flex-col">
        <div className="flex flex-wrap items-center justify-between gap-2 bg-gray-950 px-3 py-2">
          <h2 id={titleId} className="font-semibold">
            {name}
          </h2>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => setActualSize((on) => !on)}>
              {actualSize ? 'Fit to screen' : 'Actual size'}
            </Button>
            <Button ref={closeButton} variant="secondary" onClick={onClose}>
              Close
            </Button>
          </div>
        </div>
        {/* Pinch-zoom and panning are the browser's own: nothing here takes those gestures. */}
        <div
          className="relative flex-1 overflow-auto"
          style={{ touchAction: 'pan-x pan-y pinch-zoom' }}
        >
          {loaded ? null : (
            <p role="status" className="absolute inset-x-0 top-4 text-center">
              Loading the full-size image…
            </p>
          )}
          <img
            src={fullSizeUrl(image.url)}
            alt={name}
            onLoad={() => setLoaded(true)}
            className={
              actualSize
                ? 'max-w-none'
                : 'mx-auto h-full max-h-full w-full max-w-full object-contain'
            }
          />
        </div>
      </div>
    </dialog>
  );
}
