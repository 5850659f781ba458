import type { UseFormReturn } from 'react-hook-form';
import {
  COMPETITION_RULES_MAX,
  type CompetitionFormValues,
  type CompetitionInput,
  PRIZE_DESCRIPTION_MAX,
} from '../../../../shared/schemas/competition.ts';
import { TextAreaField } from '../common/forms/form-fields.tsx';

type CompetitionForm = UseFormReturn<CompetitionFormValues, unknown, CompetitionInput>;

const MARKDOWN_HINT = 'Optional. Markdown: **bold**, lists with "- ", links as [text](https://…)';

/** What the competition's page tells an artist before entering: rules, who may enter, the prize. */
export function CompetitionDetailsFields({ form }: { form: CompetitionForm }) {
  const { errors } = form.formState;
  return (
    <>
      <TextAreaField
        label="Rules"
        rows={5}
        maxLength={COMPETITION_RULES_MAX}
        hint={MARKDOWN_HINT}
        error={errors.rules?.message}
        {...form.register('rules')}
      />
      <TextAreaField
        label="Eligibility"
        rows={3}
        maxLength={COMPETITION_RULES_MAX}
        hint={MARKDOWN_HINT}
        error={errors.eligibility?.message}
        {...form.register('eligibility')}
      />
      <TextAreaField
        label="Prize description"
        rows={2}
        maxLength={PRIZE_DESCRIPTION_MAX}
        hint="Optional. What the winners receive, shown beside the prize image"
        error={errors.prizeDescription?.message}
        {...form.register('prizeDescription')}
      />
    </>
  );
}
