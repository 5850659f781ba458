import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { type Judging, JudgingInputSchema, type Juror } from '../../../../shared/schemas/jury.ts';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { paths } from '../../../config/paths.ts';
import type { AdminResource } from '../common/admin-query.tsx';
import { withReason } from '../common/failure-messages.ts';
import { Field } from '../common/forms/form-fields.tsx';
import { ResourceView } from '../common/resource-view.tsx';
import { FormAlert, MUTED_TEXT, Notice } from '../common/shell/admin-page.tsx';
import { judgingQuery, saveJudging } from './api/judging.ts';
import { CriteriaEditor } from './criteria-editor.tsx';
import { showJudgingErrors } from './judging-errors.ts';
import { ERROR_TEXT, LINK_CLASS } from './judging-styles.ts';
import { type SetupForm, toSetupValues } from './setup-values.ts';

export const SAVE_FAILED = 'Failed to save the judging set-up';
export const SAVED = 'Judging set-up saved';

/**
 * The set-up as one form: the criteria, the panel, how many jurors score each entry and whether
 * the jury's names are public. Saved as a whole; the server refuses changed criteria once a round
 * has opened (CRITERIA_FIXED), which the form says above itself.
 */
export function JudgingSetupForm({
  competitionId,
  judging,
  jurors,
  criteriaFixed,
}: {
  competitionId: string;
  judging: Judging;
  jurors: AdminResource<Juror[]>;
  criteriaFixed: boolean;
}) {
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const save = useMutation({ mutationFn: saveJudging });
  const form: SetupForm = useForm({
    resolver: zodResolver(JudgingInputSchema),
    defaultValues: toSetupValues(judging),
  });
  const { errors, isSubmitting } = form.formState;
  const panelErrorId = useId();

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ competitionId, values });
      queryClient.setQueryData(judgingQuery(competitionId).queryKey, saved);
      form.reset(toSetupValues(saved));
      showToast(SAVED, { variant: 'success' });
    } catch (error) {
      // The seed's words, and the server's reason unless a field already shows it.
      const fieldsShown = showJudgingErrors(form, error);
      form.setError('root', {
        message: fieldsShown ? SAVE_FAILED : withReason(SAVE_FAILED, error),
      });
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label="Judging set-up"
      className="flex flex-col gap-6"
    >
      <FormAlert message={errors.root?.message} />
      {criteriaFixed ? (
        <Notice>
          A round has opened: the criteria are fixed, since scores were given against them. The
          panel, jurors per entry and the jury&rsquo;s names can still change.
        </Notice>
      ) : null}
      <CriteriaEditor form={form} />
      <Controller
        control={form.control}
        name="panel"
        render={({ field, fieldState }) => (
          <fieldset
            className="flex flex-col gap-1"
            aria-describedby={fieldState.error ? panelErrorId : undefined}
          >
            <legend className="mb-1 text-lg font-bold">Panel</legend>
            <ResourceView resource={jurors}>
              {(list) =>
                list.length === 0 ? (
                  <p className={MUTED_TEXT}>
                    No jurors yet.{' '}
                    <Link to={paths.adminJurors} className={LINK_CLASS}>
                      Invite jurors
                    </Link>{' '}
                    first.
                  </p>
                ) : (
                  <ul className="grid gap-x-6 sm:grid-cols-2">
                    {list.map((juror) => (
                      <li key={juror.id}>
                        <Field
                          type="checkbox"
                          label={`${juror.name} (${juror.username})`}
                          checked={field.value.includes(juror.id)}
                          onChange={(event) =>
                            field.onChange(
                              event.target.checked
                                ? [...field.value, juror.id]
                                : field.value.filter((id) => id !== juror.id),
                            )
                          }
                        />
                      </li>
                    ))}
                  </ul>
                )
              }
            </ResourceView>
            {fieldState.error ? (
              <p id={panelErrorId} className={ERROR_TEXT}>
                {fieldState.error.message}
              </p>
            ) : null}
          </fieldset>
        )}
      />
      <Field
        label="Jurors per entry"
        type="number"
        required
        min={1}
        max={20}
        step={1}
        className="max-w-xs"
        hint="How many jurors of the panel score each entry"
        error={errors.jurorsPerEntry?.message}
        {...form.register('jurorsPerEntry', { valueAsNumber: true })}
      />
      <Field
        type="checkbox"
        label="Show the jury’s names on the competition page"
        {...form.register('publishJury')}
      />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save set-up'}
        </Button>
      </div>
    </form>
  );
}
