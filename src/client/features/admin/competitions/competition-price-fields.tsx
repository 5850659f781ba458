import { Controller, type UseFormReturn } from 'react-hook-form';
import { instantOfWallClock, wallClockOf } from '../../../../shared/domain/wall-clock.ts';
import type {
  AdminCompetition,
  CompetitionFormValues,
  CompetitionInput,
} from '../../../../shared/schemas/competition.ts';
import { PRICE_FIELD_LABELS } from '../../../../shared/schemas/competition-prices.ts';
import { useSettings } from '../../../lib/settings.tsx';
import { Field } from '../common/forms/form-fields.tsx';
import { MUTED_TEXT } from '../common/shell/admin-page.tsx';

type CompetitionForm = UseFormReturn<CompetitionFormValues, unknown, CompetitionInput>;
type FeeName =
  'furtherWorkFee' | 'earlyBirdFee' | 'earlyBirdFurtherFee' | 'lateFee' | 'lateFurtherFee';
type TimeName = 'earlyBirdUntil' | 'lateFrom';

/** A competition's stored prices as the form edits them (the fee has its own field). */
export function priceFormValues(competition: AdminCompetition): Partial<CompetitionFormValues> {
  const prices = competition.prices;
  if (!prices) return {};
  return {
    furtherWorkFee: prices.furtherWorkFee,
    earlyBirdFee: prices.earlyBirdFee,
    earlyBirdFurtherFee: prices.earlyBirdFurtherFee,
    earlyBirdUntil: prices.earlyBirdUntil,
    lateFee: prices.lateFee,
    lateFurtherFee: prices.lateFurtherFee,
    lateFrom: prices.lateFrom,
  };
}

/**
 * A paid competition's prices beyond its fee: each further work, and the optional early-bird
 * and late prices with the times they switch (in the site's time zone). A tier's fee left
 * empty is the standard one.
 */
export function PriceFields({ form }: { form: CompetitionForm }) {
  const { timeZone } = useSettings();
  const { errors } = form.formState;
  const fee = (name: FeeName, hint?: string) => (
    <Field
      label={`${PRICE_FIELD_LABELS[name]} (₹)`}
      type="number"
      inputMode="numeric"
      min={0}
      step={1}
      hint={hint}
      error={errors[name]?.message}
      {...form.register(name, { valueAsNumber: true })}
    />
  );
  const time = (name: TimeName) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Field
          label={PRICE_FIELD_LABELS[name]}
          type="datetime-local"
          hint={`In the site's time zone (${timeZone})`}
          error={errors[name]?.message}
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          value={wallClockOf((field.value as string | null | undefined) ?? null, timeZone)}
          onChange={(event) =>
            field.onChange(instantOfWallClock(event.target.value, timeZone) ?? null)
          }
        />
      )}
    />
  );
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-1 font-medium">Prices</legend>
      <p className={MUTED_TEXT}>
        The entry fee is the standard price of the first work. Leave a price empty to use the
        standard one.
      </p>
      {fee('furtherWorkFee', 'Whole rupees; 0 when further works cost nothing')}
      <div className="grid gap-4 sm:grid-cols-3">
        {fee('earlyBirdFee')}
        {fee('earlyBirdFurtherFee')}
        {time('earlyBirdUntil')}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {fee('lateFee')}
        {fee('lateFurtherFee')}
        {time('lateFrom')}
      </div>
    </fieldset>
  );
}
