import { useEffect, useRef, useState } from 'react';
import { type Control, type FieldPath, useController } from 'react-hook-form';
import { checkDocumentFile, DOCUMENT_MIME_TYPE } from '../../../../shared/domain/field-answers.ts';
import type { FormField } from '../../../../shared/schemas/form-field.ts';
import { Button } from '../../../components/button.tsx';
import {
  borderFor,
  FieldFrame,
  FOCUS_RING,
  useFieldWiring,
} from '../../../components/form-fields.tsx';
import type { RegistrationFormValues } from '../registration-form-values.ts';

const HINT = 'A PDF, up to 10MB.';

function sizeText(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * A document field (a CV, a statement): a PDF chosen from the phone or computer, its type and
 * size checked here before anything is sent (the server checks its bytes again), then named with
 * its size and a Remove button.
 */
export function DocumentPicker({
  field: formField,
  name,
  control,
}: {
  field: FormField;
  name: FieldPath<RegistrationFormValues>;
  control: Control<RegistrationFormValues, unknown, unknown>;
}) {
  const { field, fieldState } = useController({ control, name });
  const chosen = field.value instanceof File ? field.value : null;
  const [refused, setRefused] = useState<string>();
  const [announcement, setAnnouncement] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const { ref } = field;
  useEffect(() => {
    // A failed submit focuses the first field with a message: here, the chooser.
    ref({ focus: () => input.current?.focus() });
  }, [ref]);

  const hint = [formField.helpText, HINT].filter(Boolean).join(' ');
  const error = refused ?? fieldState.error?.message;
  const wiring = useFieldWiring(hint, error, chosen ? `${name}-chosen` : '');
  const choose = (file: File) => {
    const problem = checkDocumentFile(file);
    setRefused(problem);
    if (problem) return;
    field.onChange(file);
    setAnnouncement(`${formField.label} added.`);
  };

  return (
    <FieldFrame
      wiring={wiring}
      label={formField.label}
      required={formField.required}
      hint={hint}
      error={error}
      notes={
        <p role="status" className="sr-only">
          {announcement}
        </p>
      }
    >
      {chosen ? (
        <div className="mb-2 flex flex-wrap items-center gap-3">
          <p id={`${name}-chosen`} className="text-sm text-gray-700 dark:text-gray-300">
            {`${chosen.name}, ${sizeText(chosen.size)}`}
          </p>
          <Button
            variant="outline"
            size="sm"
            aria-label={`Remove ${formField.label}`}
            onClick={() => {
              field.onChange(null);
              setAnnouncement(`${formField.label} removed.`);
              input.current?.focus();
            }}
          >
            Remove
          </Button>
        </div>
      ) : null}
      <input
        {...wiring.controlProps}
        ref={input}
        name={name}
        type="file"
        accept={`${DOCUMENT_MIME_TYPE},.pdf`}
        aria-required={formField.required || undefined}
        onBlur={field.onBlur}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that choosing the same file again (after an error) is noticed.
          event.target.value = '';
          if (file) choose(file);
        }}
        className={`block w-full rounded-lg border-2 border-dashed p-3 text-sm file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-lg file:border-0 file:bg-primary file:px-4 file:font-semibold file:text-white ${borderFor(error)} ${FOCUS_RING}`}
      />
    </FieldFrame>
  );
}
