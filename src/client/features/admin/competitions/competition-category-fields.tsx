import type { UseFormReturn } from 'react-hook-form';
import { Controller, useWatch } from 'react-hook-form';
import type { PublicCategory } from '../../../../shared/schemas/category.ts';
import type {
  CompetitionFormValues,
  CompetitionInput,
} from '../../../../shared/schemas/competition.ts';
import type { AdminResource } from '../common/admin-query.tsx';
import { SelectField } from '../common/forms/form-fields.tsx';
import { LoadFailed } from '../common/resource-view.tsx';
import { COMPETITION_FAILURES } from './competition-failures.ts';

type CompetitionForm = UseFormReturn<CompetitionFormValues, unknown, CompetitionInput>;

const toOption = ({ id, name }: { id: string; name: string }) => ({ value: id, label: name });

/** The category and, when it has any, its subcategories; the list may still be loading. */
export function CategoryFields({
  form,
  categories,
}: {
  form: CompetitionForm;
  categories: AdminResource<PublicCategory[]>;
}) {
  const { errors } = form.formState;
  const categoryId = useWatch({ control: form.control, name: 'categoryId' });
  const categoryList = categories.data ?? [];
  const subcategories = categoryList.find((c) => c.id === categoryId)?.subcategories ?? [];
  return (
    <>
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
    </>
  );
}
