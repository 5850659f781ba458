import { useEffect, useRef, useState } from 'react';
import { type Control, type FieldPath, useController } from 'react-hook-form';
import { IMAGE_MIME_TYPES, IMAGE_UNREADABLE } from '../../../../shared/domain/image-upload.ts';
import { Button } from '../../../components/button.tsx';
import {
  borderFor,
  FieldFrame,
  FOCUS_RING,
  useFieldWiring,
} from '../../../components/form-fields.tsx';
import { type DownscalePreset, ImageRefused, prepareImage } from '../image-downscale.ts';
import type { RegistrationFormValues } from '../registration-form-values.ts';

type Phase = { name: 'idle' } | { name: 'preparing' } | { name: 'refused'; message: string };

/** What each prepared picture's line says (its pixels and size), kept as long as the picture. */
const sizeLines = new WeakMap<Blob, string>();

function sizeText(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * A picture the form sends (the photo, an image field): chosen from the phone or computer,
 * checked here at once (the photo shrunk, an artwork kept as chosen), then shown with Replace and
 * Remove.
 * `onBusyChange` hears whether a picture is being prepared, so the form waits for it.
 */
export function ImagePicker({
  control,
  name,
  label,
  required,
  preset,
  hint,
  onBusyChange,
}: {
  control: Control<RegistrationFormValues, unknown, unknown>;
  name: FieldPath<RegistrationFormValues>;
  label: string;
  required: boolean;
  preset: DownscalePreset;
  hint: string;
  onBusyChange: (name: string, busy: boolean) => void;
}) {
  const { field, fieldState } = useController({ control, name });
  const value = field.value instanceof Blob ? field.value : null;
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const [size, setSize] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const replace = useRef<HTMLButtonElement>(null);
  // After a change the focus goes where the artist can carry on: the chooser's button is gone.
  const focusNext = useRef<'input' | 'replace' | null>(null);
  // The chosen picture's object URL, released when another replaces it or the form goes away.
  const [preview, setPreview] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview.url) : undefined), [preview]);
  // A picture the form put here (a work moved up when the one above was removed) shows as chosen.
  useEffect(() => {
    if (value === null || preview?.blob === value || phase.name === 'preparing') return;
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setPreview({ blob: value, url: URL.createObjectURL(value) });
    setSize(sizeLines.get(value) ?? sizeText(value.size));
  }, [value, preview, phase.name]);

  useEffect(() => {
    const target = focusNext.current === 'input' ? input.current : replace.current;
    if (!focusNext.current || !target) return;
    focusNext.current = null;
    target.focus();
  });

  const { ref } = field;
  useEffect(() => {
    // On a failed submit, react-hook-form focuses the first field with a message: here, the
    // chooser, or Replace while a picture is shown.
    ref({ focus: () => (input.current?.hidden ? replace.current : input.current)?.focus() });
  }, [ref]);

  async function choose(file: File) {
    setPhase({ name: 'preparing' });
    setAnnouncement(`Preparing ${label.toLowerCase()}…`);
    onBusyChange(name, true);
    try {
      const prepared = await prepareImage(file, preset);
      field.onChange(prepared.blob);
      setPreview({ blob: prepared.blob, url: URL.createObjectURL(prepared.blob) });
      const line = `${prepared.width} × ${prepared.height} px, ${sizeText(prepared.blob.size)}`;
      sizeLines.set(prepared.blob, line);
      setSize(line);
      setPhase({ name: 'idle' });
      setAnnouncement(`${label} added.`);
      focusNext.current = 'replace';
    } catch (failure) {
      const message =
        failure instanceof ImageRefused
          ? [failure.message, failure.detail].filter(Boolean).join('. ')
          : IMAGE_UNREADABLE;
      setPhase({ name: 'refused', message });
      setAnnouncement('');
    } finally {
      onBusyChange(name, false);
    }
  }

  const shown = value !== null && preview?.blob === value;
  const error = phase.name === 'refused' ? phase.message : fieldState.error?.message;
  const wiring = useFieldWiring(hint, error);
  const describedBy = wiring.controlProps['aria-describedby'];
  const lower = label.toLowerCase();

  return (
    <FieldFrame
      wiring={wiring}
      label={label}
      required={required}
      hint={phase.name === 'preparing' ? `Preparing ${lower}…` : hint}
      error={error}
      notes={
        <p role="status" className="sr-only">
          {phase.name === 'refused' ? phase.message : announcement}
        </p>
      }
    >
      {shown ? (
        <div className="mb-2 flex flex-wrap items-center gap-3">
          <img
            src={preview.url}
            alt={`${label}: preview`}
            className="h-28 w-auto max-w-full rounded-lg border border-gray-300 object-contain dark:border-gray-700"
          />
          <div className="flex flex-col gap-2">
            <p className="text-sm text-gray-700 dark:text-gray-300">{size}</p>
            <div className="flex flex-wrap gap-2">
              <Button
                ref={replace}
                variant="outline"
                size="sm"
                aria-label={`Replace ${lower}`}
                aria-describedby={describedBy}
                disabled={phase.name === 'preparing'}
                onClick={() => input.current?.click()}
              >
                Replace
              </Button>
              <Button
                variant="outline"
                size="sm"
                aria-label={`Remove ${lower}`}
                disabled={phase.name === 'preparing'}
                onClick={() => {
                  field.onChange(null);
                  setPhase({ name: 'idle' });
                  setAnnouncement(`${label} removed.`);
                  focusNext.current = 'input';
                }}
              >
                Remove
              </Button>
            </div>
          </div>
        </div>
      ) : null}
      <input
        {...wiring.controlProps}
        ref={input}
        name={name}
        type="file"
        accept={IMAGE_MIME_TYPES.join(',')}
        hidden={shown}
        disabled={phase.name === 'preparing'}
        aria-required={required || undefined}
        onBlur={field.onBlur}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that choosing the same file again (after an error) is noticed.
          event.target.value = '';
          if (file) void choose(file);
        }}
        className={`block w-full rounded-lg border-2 border-dashed p-3 text-sm file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-lg file:border-0 file:bg-primary file:px-4 file:font-semibold file:text-white ${borderFor(error)} ${FOCUS_RING}`}
      />
    </FieldFrame>
  );
}
