import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
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
} from '../../../../shared/schemas/competition.ts';
import { DialogActions } from '../../../components/modal-dialog.tsx';
import type { AdminResource } from '../common/admin-query.tsx';
import { showSaveFailure } from '../common/failure-messages.ts';
import { Field, RequiredNote, TextAreaField } from '../common/forms/form-fields.tsx';
import { FormAlert } from '../common/shell/admin-page.tsx';
import { ImageUploadField } from '../common/upload/image-upload-field.tsx';
import { useUploadGuard } from '../common/upload/use-upload-guard.ts';
import { saveCompetition } from './api/competitions.ts';
import { ArtworkSizeField } from './competition-artwork-size-field.tsx';
import { CategoryFields } from './competition-category-fields.tsx';
import { CompetitionDetailsFields } from './competition-details-fields.tsx';
import { EntryFeeFields } from './competition-entry-fee-fields.tsx';
import { priceFormValues } from './competition-price-fields.tsx';
import { COMPETITION_FAILURES } from './competition-failures.ts';
import { WorksRangeFields, worksFormValues } from './competition-works-fields.tsx';

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
  rules: '',
  eligibility: '',
  prizeDescription: '',
  minArtworkLongSide: null,
  minWorks: 1,
  maxWorks: 1,
  closingTime: '',
  draft: false,
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
    rules: competition.rules,
    eligibility: competition.eligibility,
    prizeDescription: competition.prizeDescription,
    minArtworkLongSide: competition.minArtworkLongSide ?? null,
    closingTime: competition.closingTime,
    draft: competition.draft,
    ...worksFormValues(competition),
    ...priceFormValues(competition),
  };
}

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
  const save = useMutation({ mutationFn: saveCompetition });
  const form = useForm<CompetitionFormValues, unknown, CompetitionInput>({
    resolver: zodResolver(CompetitionInputSchema),
    defaultValues: competition ? toFormValues(competition) : EMPTY_FORM,
  });
  const { errors, isSubmitting } = form.formState;
  const uploads = useUploadGuard();
  const startDate = useWatch({ control: form.control, name: 'startDate' });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ competition, values });
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
      <CategoryFields form={form} categories={categories} />
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
      <Field
        label="Closing time"
        type="time"
        className="max-w-xs"
        hint="The last minute entries are taken on the end date, in the site's time zone; empty: 11:59 pm"
        error={errors.closingTime?.message}
        {...form.register('closingTime')}
      />
      <EntryFeeFields form={form} />
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
      <CompetitionDetailsFields form={form} />
      <WorksRangeFields form={form} />
      <ArtworkSizeField form={form} />
      <Field
        type="checkbox"
        label="Draft: only admins see it (with a preview link) until this is unticked"
        {...form.register('draft')}
      />
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
