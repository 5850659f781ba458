import { type FormEvent, useState } from 'react';
import type { MyEntry } from '../../../../shared/schemas/artist.ts';
import { Field, TextAreaField } from '../../../components/form-fields.tsx';
import { DialogActions, ModalDialog } from '../../../components/modal-dialog.tsx';
import { ApiError, ERROR_MESSAGES } from '../../../lib/api-client.ts';
import { type EntryChanges, replacedImagePart, saveEntryChanges } from '../me-api.ts';

const IMAGE_TYPES = 'image/jpeg,image/png,image/webp';

/** An answer shown as a text area: one written over several lines, or a long one. */
const isLong = (value: string) => value.includes('\n') || value.length > 80;

/** What the artist changed: only the answers and titles that differ, and the chosen pictures. */
function changesOf(entry: MyEntry, details: string[], titles: Record<number, string>) {
  const changes: EntryChanges = {
    details: entry.details
      .map((line, index) => ({ label: line.label, value: details[index] ?? line.value }))
      .filter((line, index) => line.value !== entry.details[index]?.value),
    works: entry.works
      .map((work) => ({ number: work.number, title: titles[work.number] ?? work.title }))
      .filter((work, index) => work.title !== entry.works[index]?.title),
  };
  return changes;
}

/**
 * The entry's answers and its works' titles, to correct before the close, and each work's
 * pictures to replace. Only what changed is sent; the server's refusal is said in the form.
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

function EditForm({
  entry,
  onCancel,
  onSaved,
}: {
  entry: MyEntry;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const [details, setDetails] = useState(() => entry.details.map((line) => line.value));
  const [titles, setTitles] = useState<Record<number, string>>({});
  const [images, setImages] = useState<Record<string, File>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    const changes = changesOf(entry, details, titles);
    const replaced = entry.works.flatMap((work) =>
      work.files.flatMap((file) => {
        const chosen = images[replacedImagePart({ workNumber: work.number, fileId: file.id })];
        return chosen ? [{ workNumber: work.number, fileId: file.id, file: chosen }] : [];
      }),
    );
    if (changes.details.length === 0 && changes.works.length === 0 && replaced.length === 0) {
      onCancel();
      return;
    }
    setBusy(true);
    setFailure(undefined);
    setFieldErrors({});
    try {
      await saveEntryChanges(entry.id, changes, replaced);
      onSaved();
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.fields) setFieldErrors(error.fields);
      setFailure(error instanceof ApiError ? error.message : ERROR_MESSAGES.UNKNOWN_ERROR);
    }
  }

  const errorOf = (...names: string[]) =>
    names.map((name) => fieldErrors[name]).find((message) => message !== undefined);

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="flex flex-col gap-5">
      <p className="text-gray-700 dark:text-gray-300">
        Correct what you sent until entries close. Only what you change is saved.
      </p>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-lg font-semibold">Your answers</legend>
        {entry.details.map((line, index) => {
          const props = {
            label: line.label,
            value: details[index] ?? '',
            error: errorOf(`details.${index}`, line.label),
          };
          const change = (value: string) =>
            setDetails((current) => current.map((old, i) => (i === index ? value : old)));
          return isLong(line.value) ? (
            <TextAreaField
              key={index}
              {...props}
              onChange={(event) => change(event.target.value)}
            />
          ) : (
            <Field key={index} {...props} onChange={(event) => change(event.target.value)} />
          );
        })}
      </fieldset>
      {entry.works.map((work, index) => (
        <fieldset key={work.number} className="flex flex-col gap-4">
          <legend className="mb-2 text-lg font-semibold">Work {work.number}</legend>
          <Field
            label="Title"
            value={titles[work.number] ?? work.title}
            onChange={(event) =>
              setTitles((current) => ({ ...current, [work.number]: event.target.value }))
            }
            error={errorOf(`works.${index}.title`)}
          />
          {work.files
            .filter((file) => file.kind === 'image')
            .map((file) => {
              const part = replacedImagePart({ workNumber: work.number, fileId: file.id });
              return (
                <Field
                  key={file.id}
                  type="file"
                  accept={IMAGE_TYPES}
                  label={`Replace ${file.label}`}
                  hint="JPEG, PNG or WebP. Leave it empty to keep the picture you sent."
                  error={errorOf(part)}
                  onChange={(event) => {
                    const chosen = event.target.files?.[0];
                    setImages((current) => {
                      const next = { ...current };
                      if (chosen) next[part] = chosen;
                      else delete next[part];
                      return next;
                    });
                  }}
                />
              );
            })}
        </fieldset>
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
