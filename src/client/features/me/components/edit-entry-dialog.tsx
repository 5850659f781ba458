import { type FormEvent, useEffect, useState } from 'react';
import type { MyEntry } from '../../../../shared/schemas/artist.ts';
import type { FormField } from '../../../../shared/schemas/form-field.ts';
import { Field, TextAreaField } from '../../../components/form-fields.tsx';
import { DialogActions, ModalDialog } from '../../../components/modal-dialog.tsx';
import { ApiError, ERROR_MESSAGES } from '../../../lib/api-client.ts';
import {
  changeBody,
  editableLines,
  fieldIdOfFile,
  imageErrorKey,
  imagePartFor,
} from '../entry-edit-model.ts';
import { entryForm, type ReplacedImage, saveEntryChanges } from '../me-api.ts';

const IMAGE_TYPES = 'image/jpeg,image/png,image/webp';

/**
 * The entry's answers typed as text (its works' titles among them), to correct before the close,
 * and each work's pictures to replace. Only what changed is sent; the server's refusal is said in
 * the form.
 */
export function EditEntryDialog({
  entry,
  open,
  onClose,
  onSaved,
}: {
  entry: MyEntry;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <ModalDialog open={open} title={`Edit entry ${entry.reference}`} onClose={onClose} form>
      <EditForm entry={entry} onCancel={onClose} onSaved={onSaved} />
    </ModalDialog>
  );
}

/** The competition's fields, to know the entry's answers by; none when its form is gone. */
function useFormFields(competitionId: string | null): FormField[] | undefined {
  const [fields, setFields] = useState<FormField[] | undefined>();
  useEffect(() => {
    if (competitionId === null) return;
    let cancelled = false;
    entryForm(competitionId).then(
      (form) => !cancelled && setFields(form.formFields),
      () => !cancelled && setFields([]),
    );
    return () => {
      cancelled = true;
    };
  }, [competitionId]);
  return competitionId === null ? [] : fields;
}

function EditForm({
  entry,
  onCancel,
  onSaved,
}: {
  entry: MyEntry;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const fields = useFormFields(entry.competition.id);
  const lines = fields ? editableLines(entry, fields) : [];
  const [values, setValues] = useState<Record<number, string>>({});
  const [images, setImages] = useState<Record<string, File>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    const typed = lines.map((line, i) => values[i] ?? line.value);
    const change = changeBody(lines, typed, entry.works.length);
    const replaced: ReplacedImage[] = Object.entries(images).map(([part, file]) => ({
      part,
      file,
    }));
    if (Object.keys(change).length === 0 && replaced.length === 0) {
      onCancel();
      return;
    }
    setBusy(true);
    setFailure(undefined);
    setFieldErrors({});
    try {
      await saveEntryChanges(entry.id, change, replaced);
      onSaved();
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.fields) setFieldErrors(error.fields);
      setFailure(error instanceof ApiError ? error.message : ERROR_MESSAGES.UNKNOWN_ERROR);
    }
  }

  if (fields === undefined) {
    return (
      <p role="status" className="text-gray-700 dark:text-gray-300">
        Loading your answers…
      </p>
    );
  }
  return (
    <form noValidate onSubmit={(event) => void save(event)} className="flex flex-col gap-5">
      <p className="text-gray-700 dark:text-gray-300">
        Correct what you sent until entries close. Only what you change is saved.
      </p>
      {lines.length > 0 ? (
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-lg font-semibold">Your answers</legend>
          {lines.map((line, index) => {
            const props = {
              label: line.label,
              value: values[index] ?? line.value,
              error: fieldErrors[line.key],
            };
            const change = (value: string) =>
              setValues((current) => ({ ...current, [index]: value }));
            return line.long ? (
              <TextAreaField
                key={line.key}
                {...props}
                onChange={(event) => change(event.target.value)}
              />
            ) : (
              <Field key={line.key} {...props} onChange={(event) => change(event.target.value)} />
            );
          })}
        </fieldset>
      ) : null}
      {entry.works.map((work) => (
        <WorkPictures
          key={work.number}
          work={work}
          errors={fieldErrors}
          onChoose={(part, file) =>
            setImages((current) => {
              const next = { ...current };
              if (file) next[part] = file;
              else delete next[part];
              return next;
            })
          }
        />
      ))}
      {failure ? (
        <p role="alert" className="font-medium text-red-800 dark:text-red-300">
          {failure}
        </p>
      ) : null}
      <DialogActions label={busy ? 'Saving…' : 'Save changes'} busy={busy} onCancel={onCancel} />
    </form>
  );
}

/** A work's pictures, each to replace with a new one (or left as sent). */
function WorkPictures({
  work,
  errors,
  onChoose,
}: {
  work: MyEntry['works'][number];
  errors: Record<string, string>;
  onChoose: (part: string, file: File | undefined) => void;
}) {
  const pictures = work.files.flatMap((file) => {
    const fieldId = file.kind === 'image' ? fieldIdOfFile(file.id) : undefined;
    return fieldId ? [{ file, fieldId }] : [];
  });
  if (pictures.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-lg font-semibold">
        Work {work.number}
        {work.title ? `: ${work.title}` : ''}
      </legend>
      {pictures.map(({ file, fieldId }) => (
        <Field
          key={file.id}
          type="file"
          accept={IMAGE_TYPES}
          label={`Replace ${file.label}`}
          hint="JPEG, PNG or WebP. Leave it empty to keep the picture you sent."
          error={errors[imageErrorKey(work.number, fieldId)]}
          onChange={(event) =>
            onChoose(imagePartFor(work.number, fieldId), event.target.files?.[0])
          }
        />
      ))}
    </fieldset>
  );
}
