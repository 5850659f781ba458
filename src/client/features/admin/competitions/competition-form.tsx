import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { PublicCategory } from '../../../../shared/schemas/category.ts';
import {
  type AdminCompetition,
  COMPETITION_DESCRIPTION_MAX,
  COMPETITION_TITLE_MAX,
  COMPETITION_YEAR_MAX,
  COMPETITION_YEAR_MIN,
  type CompetitionFormValues,
  type CompetitionInput,
  CompetitionInputSchema,
  ENTRY_FEE_MAX,
} from '../../../../shared/schemas/competition.ts';
import { DialogActions } from '../../../components/modal-dialog.tsx';
import { showSaveFailure } from '../common/failure-messages.ts';
import { Field, RequiredNote, SelectField, TextAreaField } from '../common/forms/form-fields.tsx';
import { LoadFailed } from '../common/resource-view.tsx';
import { useAdminFetch } from '../common/session.tsx';
import { FOCUS_RING, FormAlert } from '../common/shell/admin-page.tsx';
import { ImageUploadField } from '../common/upload/image-upload-field.tsx';
import { useUploadGuard } from '../common/upload/use-upload-guard.ts';
import type { AdminResource } from '../common/use-admin-resource.ts';
import { competitionPath, COMPETITIONS_PATH } from './competitions-api.ts';

/** Seed §8. */
export const COMPETITION_FAILURES = {
  fetch: 'Failed to fetch competitions',
  fetchCategories: 'Failed to fetch categories',
  add: 'Failed to add competition',
  update: 'Failed to update competition',
  delete: 'Failed to delete competition',
} as const;

const EMPTY_FORM: CompetitionFormValues = {
  title: '',
  description: '',
  categoryId: '',
  subcategoryId: '',
  startDate: '',
  endDate: '',
  entryType: 'free',
  entryFee: 0,
  imageUrl: '',
  prizeImageUrl: '',
};

function toFormValues(competition: AdminCompetition): CompetitionFormValues {
  return {
    title: competition.title,
    description: competition.description,
    categoryId: competition.category.id,
    subcategoryId: competition.subcategory?.id ?? '',
    startDate: competition.startDate,
    endDate: competition.endDate,
    entryType: competition.entryType,
    entryFee: competition.entryFee,
    imageUrl: competition.imageUrl,
    prizeImageUrl: competition.prizeImageUrl,
  };
}

const toOption = ({ id, name }: { id: string; name: string }) => ({ value: id, label: name });

/**
 * The add/edit form, for a modal dialog with a close button and Cancel: filled from `competition`
 * when editing.
 */
export function CompetitionForm({
  competition,
  categories,
  onCancel,
  onSaved,
}: {
  competition: AdminCompetition | null;
  categories: AdminResource<PublicCategory[]>;
  onCancel: () => void;
  onSaved: (saved: AdminCompetition, wasNew: boolean) => void;
}) {
  const adminFetch = useAdminFetch();
  const form = useForm<CompetitionFormValues, unknown, CompetitionInput>({
    resolver: zodResolver(CompetitionInputSchema),
    defaultValues: competition ? toFormValues(competition) : EMPTY_FORM,
  });
  const { errors, isSubmitting } = form.formState;
  const uploads = useUploadGuard();
  const entryTypeErrorId = `${useId()}-entry-type-error`;
  const [categoryId, entryType, startDate] = useWatch({
    control: form.control,
    name: ['categoryId', 'entryType', 'startDate'],
  });
  const categoryList = categories.data ?? [];
  const subcategories = categoryList.find((c) => c.id === categoryId)?.subcategories ?? [];

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await adminFetch<AdminCompetition>(
        competition ? competitionPath(competition) : COMPETITIONS_PATH,
        { method: competition ? 'PUT' : 'POST', body: JSON.stringify(values) },
      );
      onSaved(saved, competition === null);
    } catch (error) {
      const seed = competition ? COMPETITION_FAILURES.update : COMPETITION_FAILURES.add;
      showSaveFailure(form, seed, error);
    }
  });

  return (
    <form noValidate onSubmit={uploads.guard(onSubmit)} className="flex flex-col gap-5">
      <FormAlert message={errors.root?.message} />
      <RequiredNote />
      <Field
        label="Title"
        required
        maxLength={COMPETITION_TITLE_MAX}
        error={errors.title?.message}
        {...form.register('title')}
      />
      <TextAreaField
        label="Description"
        required
        rows={4}
        maxLength={COMPETITION_DESCRIPTION_MAX}
        error={errors.description?.message}
        {...form.register('description')}
      />
      {categories.error && !categories.data ? (
        <LoadFailed message={COMPETITION_FAILURES.fetchCategories} onRetry={categories.reload} />
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        {/* Controlled: the options may arrive after the form, and must then show its value. */}
        <Controller
          control={form.control}
          name="categoryId"
          render={({ field }) => (
            <SelectField
              label="Category"
              required
              disabled={!categories.data}
              error={errors.categoryId?.message}
              placeholder={categories.data ? 'Select a category' : 'Loading categories…'}
              options={categoryList.map(toOption)}
              {...field}
              onChange={(event) => {
                field.onChange(event);
                // A new category clears the subcategory, which belonged to the old one (seed §4).
                form.setValue('subcategoryId', '');
              }}
            />
          )}
        />
        {subcategories.length > 0 ? (
          <Controller
            control={form.control}
            name="subcategoryId"
            render={({ field }) => (
              <SelectField
                label="Subcategory"
                hint="Optional"
                error={errors.subcategoryId?.message}
                placeholder="None"
                options={subcategories.map(toOption)}
                {...field}
                value={field.value ?? ''}
              />
            )}
          />
        ) : null}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="Start date"
          type="date"
          required
          min={`${COMPETITION_YEAR_MIN}-01-01`}
          max={`${COMPETITION_YEAR_MAX}-12-31`}
          error={errors.startDate?.message}
          {...form.register('startDate')}
        />
        <Field
          label="End date"
          type="date"
          required
          min={startDate || `${COMPETITION_YEAR_MIN}-01-01`}
          max={`${COMPETITION_YEAR_MAX}-12-31`}
          hint="The last day entries are accepted"
          error={errors.endDate?.message}
          {...form.register('endDate')}
        />
      </div>
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
          min={0}
          max={ENTRY_FEE_MAX}
          step={1}
          hint="Whole rupees"
          className="max-w-xs"
          error={errors.entryFee?.message}
          {...form.register('entryFee', { valueAsNumber: true })}
        />
      ) : null}
      <div className="grid gap-5 md:grid-cols-2">
        <ImageUploadField
          control={form.control}
          name="imageUrl"
          label="Competition image"
          onBusyChange={uploads.onBusyChange}
        />
        <ImageUploadField
          control={form.control}
          name="prizeImageUrl"
          label="Prize image"
          onBusyChange={uploads.onBusyChange}
        />
      </div>
      <FormAlert key={uploads.refusals} message={uploads.message} />
      <DialogActions
        label={
          competition
            ? isSubmitting
              ? 'Saving…'
              : 'Save Changes'
            : isSubmitting
              ? 'Adding…'
              : 'Add Competition'
        }
        busy={isSubmitting}
        onCancel={onCancel}
        className="border-t border-gray-200 pt-5 dark:border-gray-800"
      />
    </form>
  );
}
