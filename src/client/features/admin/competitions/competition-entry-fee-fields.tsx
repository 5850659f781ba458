import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { PAID_ENTRY_FEE_MIN } from '../../../../shared/domain/entry-state.ts';
import {
  type CompetitionFormValues,
  type CompetitionInput,
  ENTRY_FEE_MAX,
} from '../../../../shared/schemas/competition.ts';
import { Field } from '../common/forms/form-fields.tsx';
import { FOCUS_RING } from '../common/shell/admin-page.tsx';
import { PriceFields } from './competition-price-fields.tsx';

type CompetitionForm = UseFormReturn<CompetitionFormValues, unknown, CompetitionInput>;

/** Free or paid, and a paid competition's fee. */
export function EntryFeeFields({ form }: { form: CompetitionForm }) {
  const { errors } = form.formState;
  const entryTypeErrorId = `${useId()}-entry-type-error`;
  const entryType = useWatch({ control: form.control, name: 'entryType' });
  return (
    <>
      {/* Always one of the two, so not marked required; a server's message is tied to both. */}
      <fieldset aria-describedby={errors.entryType?.message ? entryTypeErrorId : undefined}>
        <legend className="mb-1 font-medium">Entry type</legend>
        <div className="flex flex-wrap gap-6">
          {(['free', 'paid'] as const).map((type) => (
            <label key={type} className="flex min-h-11 items-center gap-3">
              <input
                type="radio"
                value={type}
                aria-invalid={errors.entryType ? true : undefined}
                className={`h-5 w-5 shrink-0 accent-primary ${FOCUS_RING}`}
                {...form.register('entryType', {
                  // Choosing free forces the fee to 0 (seed §4).
                  onChange: (event: { target: { value: string } }) => {
                    if (event.target.value === 'free') form.setValue('entryFee', 0);
                  },
                })}
              />
              {type === 'free' ? 'Free' : 'Paid'}
            </label>
          ))}
        </div>
        {errors.entryType?.message ? (
          <p
            id={entryTypeErrorId}
            className="mt-1 text-sm font-medium text-red-800 dark:text-red-300"
          >
            {errors.entryType.message}
          </p>
        ) : null}
      </fieldset>
      {entryType === 'paid' ? (
        <Field
          label="Entry fee (₹)"
          type="number"
          inputMode="numeric"
          required
          min={PAID_ENTRY_FEE_MIN}
          max={ENTRY_FEE_MAX}
          step={1}
          hint="Whole rupees"
          className="max-w-xs"
          error={errors.entryFee?.message}
          {...form.register('entryFee', { valueAsNumber: true })}
        />
      ) : null}
      {entryType === 'paid' ? <PriceFields form={form} /> : null}
    </>
  );
}
