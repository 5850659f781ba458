import { useEffect, useRef, useState } from 'react';
import { type FieldErrors, type FieldPath, useFieldArray } from 'react-hook-form';
import type { FormField } from '../../../../shared/schemas/form-field.ts';
import { isAskedPerWork as askedPerWork } from '../../../../shared/domain/field-answers.ts';
import type { WorksRange } from '../../../../shared/schemas/registration-works.ts';
import { Button } from '../../../components/button.tsx';
import {
  emptyWork,
  type RegistrationFormApi,
  type RegistrationFormValues,
} from '../registration-form-values.ts';
import { EntryFieldList, fieldMessages } from './entry-fields.tsx';
import { ProgressBar } from './send-status.tsx';

export const ADD_WORK = 'Add a work';
export const REMOVE_WORK = 'Remove this work';

const worksText = (n: number) => (n === 1 ? '1 work' : `${n} works`);

/** What is said (politely) when a work is added or removed. */
export const WORK_ANNOUNCEMENTS = {
  added: (n: number) => `Work ${n} added. Your entry has ${worksText(n)}.`,
  removed: (removed: number, left: number) =>
    `Work ${removed} removed. Your entry has ${worksText(left)}.`,
} as const;

/** How many works the entry holds, said above them. */
export function worksRule({ min, max }: WorksRange): string {
  if (min === max) return `Enter ${worksText(min)}.`;
  return min === 1 ? `Enter up to ${max} works.` : `Enter from ${min} to ${max} works.`;
}

type Focus = { kind: 'field'; name: string } | { kind: 'work'; index: number };

/**
 * "Your entry" of a competition that takes several works: the fields asked once, then each work's
 * fields in a group of its own ("Work 1", "Work 2", …), with "Add a work" up to the maximum and
 * "Remove this work" down to the minimum. The first work's answers live where the one-work form
 * keeps them (`fieldValues`), each further work's in `moreWorks`. After an addition the focus goes
 * to the new work's first field; after a removal, to the work now in its place (or the last).
 */
export function WorksFields({
  range,
  formFields,
  minArtworkLongSide,
  form,
  errors,
  progress,
  onCountChange,
  onBusyChange,
}: {
  range: WorksRange;
  formFields: FormField[];
  minArtworkLongSide: number | undefined;
  form: RegistrationFormApi;
  errors: FieldErrors<RegistrationFormValues>;
  /** How far each work's pictures have gone while the entry is sent (by work, from 0). */
  progress: readonly (number | null)[] | null;
  /** Told how many works the entry holds whenever that changes (the fee depends on it). */
  onCountChange: (works: number) => void;
  onBusyChange: (name: string, busy: boolean) => void;
}) {
  const { control, register } = form;
  const { fields: further, append, remove } = useFieldArray({ control, name: 'moreWorks' });
  const [announcement, setAnnouncement] = useState('');
  const groups = useRef<(HTMLFieldSetElement | null)[]>([]);
  const focus = useRef<Focus | null>(null);
  const workFields = formFields.filter(askedPerWork);
  const count = 1 + further.length;

  useEffect(() => onCountChange(count), [count, onCountChange]);

  useEffect(() => {
    const target = focus.current;
    if (!target) return;
    focus.current = null;
    if (target.kind === 'field') form.setFocus(target.name as FieldPath<RegistrationFormValues>);
    else groups.current[target.index]?.focus();
  });

  function add() {
    append(emptyWork(formFields), { shouldFocus: false });
    const first = workFields[0];
    focus.current = first
      ? { kind: 'field', name: `moreWorks.${count - 1}.fieldValues.${first.id}` }
      : { kind: 'work', index: count };
    setAnnouncement(WORK_ANNOUNCEMENTS.added(count + 1));
  }

  function removeWork(index: number) {
    if (index === 0) {
      // Work 2 moves up into the first work's place.
      const next = form.getValues('moreWorks.0.fieldValues');
      for (const field of workFields) {
        form.setValue(`fieldValues.${field.id}`, next[field.id] ?? null, { shouldDirty: true });
      }
      form.clearErrors(workFields.map((f) => `fieldValues.${f.id}` as const));
    }
    remove(Math.max(index - 1, 0));
    focus.current = { kind: 'work', index: Math.min(index, count - 2) };
    setAnnouncement(WORK_ANNOUNCEMENTS.removed(index + 1, count - 1));
  }

  const work = (index: number, key: string) => {
    const prefix = index === 0 ? 'fieldValues' : `moreWorks.${index - 1}.fieldValues`;
    const messages = index === 0 ? errors.fieldValues : errors.moreWorks?.[index - 1]?.fieldValues;
    const sent = progress?.[index];
    return (
      <fieldset
        key={key}
        ref={(element) => {
          groups.current[index] = element;
        }}
        tabIndex={-1}
        className="flex flex-col gap-5 rounded-lg border border-gray-300 p-4 dark:border-gray-700"
      >
        <legend className="px-1 text-lg font-semibold">Work {index + 1}</legend>
        <EntryFieldList
          fields={workFields}
          minArtworkLongSide={minArtworkLongSide}
          namePrefix={prefix}
          control={control}
          register={register}
          errors={fieldMessages(messages)}
          onBusyChange={onBusyChange}
        />
        {sent !== undefined && sent !== null ? <WorkProgress work={index + 1} sent={sent} /> : null}
        {count > range.min ? (
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            aria-label={`${REMOVE_WORK} (Work ${index + 1})`}
            onClick={() => removeWork(index)}
          >
            {REMOVE_WORK}
          </Button>
        ) : null}
      </fieldset>
    );
  };

  return (
    <section aria-labelledby="your-entry" className="flex flex-col gap-5">
      <h2 id="your-entry" className="text-xl font-semibold">
        Your entry
      </h2>
      <EntryFieldList
        fields={formFields.filter((f) => !askedPerWork(f))}
        minArtworkLongSide={minArtworkLongSide}
        namePrefix="fieldValues"
        control={control}
        register={register}
        errors={fieldMessages(errors.fieldValues)}
        onBusyChange={onBusyChange}
      />
      <p className="text-gray-700 dark:text-gray-300">{worksRule(range)}</p>
      {work(0, 'first')}
      {further.map((item, i) => work(i + 1, item.id))}
      {count < range.max ? (
        <Button variant="secondary" className="self-start" onClick={add}>
          {ADD_WORK}
        </Button>
      ) : null}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}

/** A work's pictures on their way: the share of their bytes sent. */
function WorkProgress({ work, sent }: { work: number; sent: number }) {
  const percent = Math.round(sent * 100);
  return (
    <ProgressBar label={`Sending the files of work ${work}`} percent={percent}>
      {percent}%
    </ProgressBar>
  );
}
