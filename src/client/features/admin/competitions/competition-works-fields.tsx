import type { UseFormReturn } from 'react-hook-form';
import type {
  AdminCompetition,
  CompetitionFormValues,
  CompetitionInput,
} from '../../../../shared/schemas/competition.ts';
import { WORKS_MAX } from '../../../../shared/schemas/works-range.ts';
import { Field } from '../common/forms/form-fields.tsx';

type CompetitionForm = UseFormReturn<CompetitionFormValues, unknown, CompetitionInput>;

/** The stored range as the form edits it (1 and 1 unless the admin set more). */
export function worksFormValues(competition: AdminCompetition): Partial<CompetitionFormValues> {
  return { minWorks: competition.minWorks ?? 1, maxWorks: competition.maxWorks ?? 1 };
}

/** How many works an entry holds: 1 and 1 is the registration form with one work. */
export function WorksRangeFields({ form }: { form: CompetitionForm }) {
  const { errors } = form.formState;
  const count = (name: 'minWorks' | 'maxWorks', label: string, hint: string) => (
    <Field
      label={label}
      type="number"
      inputMode="numeric"
      min={1}
      max={WORKS_MAX}
      step={1}
      hint={hint}
      error={errors[name]?.message}
      {...form.register(name, { valueAsNumber: true })}
    />
  );
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {count('minWorks', 'Minimum works per entry', 'Each entry holds at least this many works')}
      {count(
        'maxWorks',
        'Maximum works per entry',
        `At most ${WORKS_MAX}; 1 and 1: one work, as the form has always asked`,
      )}
    </div>
  );
}
