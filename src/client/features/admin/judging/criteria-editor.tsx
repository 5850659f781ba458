import { useEffect, useId, useRef } from 'react';
import { useFieldArray } from 'react-hook-form';
import { Button } from '../../../components/button.tsx';
import { MUTED_TEXT } from '../common/shell/admin-page.tsx';
import { CriterionRow } from './criterion-row.tsx';
import { ERROR_TEXT } from './judging-styles.ts';
import { NEW_CRITERION, type SetupForm } from './setup-values.ts';

/** The schema's limit. */
const MOST_CRITERIA = 20;

/**
 * The criteria, in the order jurors see them: added, removed and moved up or down. After a move
 * focus stays on the moved row's button (or its other one, at the end of the list); after a
 * removal it goes to 'Add criterion'.
 */
export function CriteriaEditor({ form }: { form: SetupForm }) {
  const ids = useId();
  // keyName: the criteria have an `id` of their own, which must reach the server untouched.
  const { fields, append, remove, move } = useFieldArray({
    control: form.control,
    name: 'criteria',
    keyName: 'key',
  });
  const addButton = useRef<HTMLButtonElement>(null);
  // The button to focus once the moved row is rendered in its new place.
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (focusNext.current === null) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const buttonId = (key: string, direction: 'up' | 'down') => `${ids}-${key}-${direction}`;
  const moveRow = (from: number, to: number) => {
    const key = fields[from]?.key;
    if (key === undefined) return;
    move(from, to);
    const last = fields.length - 1;
    const direction = to < from ? (to === 0 ? 'down' : 'up') : to === last ? 'up' : 'down';
    focusNext.current = buttonId(key, direction);
  };
  const listError =
    form.formState.errors.criteria?.message ?? form.formState.errors.criteria?.root?.message;

  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-1 text-lg font-bold">Criteria</legend>
      <p className={`text-sm ${MUTED_TEXT}`}>
        Jurors score each entry on every criterion. An entry&rsquo;s result weighs each criterion by
        its weight.
      </p>
      {listError ? (
        <p role="alert" className={ERROR_TEXT}>
          {listError}
        </p>
      ) : null}
      {fields.length === 0 ? (
        <p className={MUTED_TEXT}>No criteria yet. A round cannot open without one.</p>
      ) : (
        <ol className="flex flex-col gap-4">
          {fields.map((field, index) => (
            <CriterionRow
              key={field.key}
              form={form}
              index={index}
              count={fields.length}
              upId={buttonId(field.key, 'up')}
              downId={buttonId(field.key, 'down')}
              onMove={(to) => moveRow(index, to)}
              onRemove={() => {
                remove(index);
                addButton.current?.focus();
              }}
            />
          ))}
        </ol>
      )}
      <div>
        <Button
          ref={addButton}
          variant="secondary"
          disabled={fields.length >= MOST_CRITERIA}
          onClick={() => append({ ...NEW_CRITERION })}
        >
          Add criterion
        </Button>
      </div>
    </fieldset>
  );
}
