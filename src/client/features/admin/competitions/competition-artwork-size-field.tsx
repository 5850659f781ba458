import type { UseFormReturn } from 'react-hook-form';
import { MIN_ARTWORK_LONG_SIDE_MAX } from '../../../../shared/domain/artwork-size.ts';
import type {
  CompetitionFormValues,
  CompetitionInput,
} from '../../../../shared/schemas/competition.ts';
import { Field } from '../common/forms/form-fields.tsx';

type CompetitionForm = UseFormReturn<CompetitionFormValues, unknown, CompetitionInput>;

/** The competition's minimum artwork size for print: pixels on the longer side, or empty. */
export function ArtworkSizeField({ form }: { form: CompetitionForm }) {
  return (
    <Field
      label="Minimum artwork size (pixels on the longer side)"
      type="number"
      inputMode="numeric"
      min={1}
      max={MIN_ARTWORK_LONG_SIDE_MAX}
      step={1}
      hint="Optional. For print: a smaller artwork is refused, with its size. Empty: any size"
      className="max-w-xs"
      error={form.formState.errors.minArtworkLongSide?.message}
      {...form.register('minArtworkLongSide', {
        setValueAs: (value: unknown) => (value === '' || value === null ? null : Number(value)),
      })}
    />
  );
}
