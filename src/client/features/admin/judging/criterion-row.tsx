import { SCALE_LIMITS } from '../../../../shared/schemas/jury.ts';
import { Button } from '../../../components/button.tsx';
import { Field, TextAreaField } from '../common/forms/form-fields.tsx';
import type { SetupForm } from './setup-values.ts';

/** One criterion: its name, description, weight, scale and whether every juror must score it. */
export function CriterionRow({
  form,
  index,
  count,
  upId,
  downId,
  onMove,
  onRemove,
}: {
  form: SetupForm;
  index: number;
  count: number;
  upId: string;
  downId: string;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const errors = form.formState.errors.criteria?.[index];
  const field = <K extends 'name' | 'description' | 'required'>(name: K) =>
    form.register(`criteria.${index}.${name}`);
  const number = (name: 'weight' | 'scaleMin' | 'scaleMax') =>
    form.register(`criteria.${index}.${name}`, { valueAsNumber: true });
  const position = `criterion ${index + 1}`;

  return (
    <li>
      <fieldset className="flex flex-col gap-4 rounded-xl border border-gray-300 p-4 dark:border-gray-700">
        <legend className="px-1 font-semibold">Criterion {index + 1}</legend>
        <Field
          label="Name"
          required
          maxLength={80}
          error={errors?.name?.message}
          {...field('name')}
        />
        <TextAreaField
          label="Description"
          rows={2}
          maxLength={500}
          hint="What jurors look for; shown on the competition page"
          error={errors?.description?.message}
          {...field('description')}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            label="Weight"
            type="number"
            required
            min={0}
            max={100}
            step="any"
            error={errors?.weight?.message}
            {...number('weight')}
          />
          <Field
            label="Lowest score"
            type="number"
            required
            min={SCALE_LIMITS.min}
            max={SCALE_LIMITS.max}
            step={1}
            error={errors?.scaleMin?.message}
            {...number('scaleMin')}
          />
          <Field
            label="Highest score"
            type="number"
            required
            min={SCALE_LIMITS.min}
            max={SCALE_LIMITS.max}
            step={1}
            error={errors?.scaleMax?.message}
            {...number('scaleMax')}
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Field
            type="checkbox"
            label="Required"
            hint="A juror cannot save their scores for a work without it"
            {...field('required')}
          />
          <div className="flex flex-wrap gap-2 sm:ml-auto">
            <Button
              id={upId}
              variant="secondary"
              size="sm"
              disabled={index === 0}
              onClick={() => onMove(index - 1)}
            >
              Move up<span className="sr-only"> {position}</span>
            </Button>
            <Button
              id={downId}
              variant="secondary"
              size="sm"
              disabled={index === count - 1}
              onClick={() => onMove(index + 1)}
            >
              Move down<span className="sr-only"> {position}</span>
            </Button>
            <Button variant="outline" size="sm" onClick={onRemove}>
              Remove<span className="sr-only"> {position}</span>
            </Button>
          </div>
        </div>
      </fieldset>
    </li>
  );
}
