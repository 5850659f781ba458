import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { closingInstant, formatClosing } from '../../../../shared/domain/competition-status.ts';
import { ROUND_END_MESSAGES, type RoundSummary } from '../../../../shared/schemas/jury.ts';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { useSettings } from '../../../lib/settings.tsx';
import { Field } from '../common/forms/form-fields.tsx';
import { showRequestError } from '../common/forms/form-errors.ts';
import { FormAlert, MUTED_TEXT } from '../common/shell/admin-page.tsx';
import { roundsQuery, setRoundEnd } from './api/rounds.ts';

export const ROUND_END_SAVED = 'Round end saved';
export const ROUND_END_REMOVED = 'Round end removed';
export const ROUND_END_HINT =
  'Jurors see it, and a day before it each juror with works still to score is reminded once. It closes nothing: you close the round.';

type Values = { endsAt: string };

/** 'YYYY-MM-DDTHH:MM' in the site's time zone: the round ends at the end of that minute. */
function toInstant(local: string, timeZone: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(local);
  if (!match) return null;
  return closingInstant(match[1] as string, match[2] as string, timeZone).toISOString();
}

/** The round's end: set, changed or removed until the round is closed. */
export function RoundEndForm({
  competitionId,
  round,
}: {
  competitionId: string;
  round: RoundSummary;
}) {
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const { timeZone } = useSettings();
  const saving = useMutation({ mutationFn: setRoundEnd });
  const form = useForm<Values>({ defaultValues: { endsAt: '' } });
  const { errors, isSubmitting } = form.formState;
  const current = round.endsAt ? formatClosing(round.endsAt, timeZone) : null;

  const save = async (endsAt: string | null) => {
    try {
      await saving.mutateAsync({ competitionId, roundId: round.id, endsAt });
      form.reset();
      showToast(endsAt ? ROUND_END_SAVED : ROUND_END_REMOVED, { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: roundsQuery(competitionId).queryKey });
    } catch (error) {
      showRequestError(form, error);
    }
  };
  const onSubmit = form.handleSubmit(async ({ endsAt }) => {
    const instant = toInstant(endsAt, timeZone);
    if (!instant) {
      form.setError('endsAt', { message: ROUND_END_MESSAGES.endsAt }, { shouldFocus: true });
      return;
    }
    await save(instant);
  });

  if (round.status === 'closed') {
    return current ? <p className={MUTED_TEXT}>Was to end {current}.</p> : null;
  }
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3">
      <p aria-live="polite">{current ? `Ends ${current}.` : 'No end set.'}</p>
      <FormAlert message={errors.root?.message} />
      <Field
        label="Round ends"
        type="datetime-local"
        hint={`Date and time in the site's time zone (${timeZone}). ${ROUND_END_HINT}`}
        error={errors.endsAt?.message}
        {...form.register('endsAt')}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isSubmitting || saving.isPending}>
          Save end
        </Button>
        {current ? (
          <Button
            type="button"
            variant="secondary"
            disabled={saving.isPending}
            onClick={() => void save(null)}
          >
            Remove end
          </Button>
        ) : null}
      </div>
    </form>
  );
}
