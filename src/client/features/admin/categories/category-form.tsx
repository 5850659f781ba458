import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, type FieldError, useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type AdminCategory,
  CATEGORY_FAILURES,
  CATEGORY_NAME_MAX,
  CategoryInputSchema,
  SUBCATEGORY_NAME_MAX,
} from '../../../../shared/schemas/category.ts';
import { DEFAULT_FORM_FIELDS, isShownToJurors } from '../../../../shared/schemas/form-field.ts';
import { Button } from '../../../components/button.tsx';
import { DialogActions } from '../../../components/modal-dialog.tsx';
import { showSaveFailure } from '../common/failure-messages.ts';
import { Field, FormHead } from '../common/forms/form-fields.tsx';
import { MUTED_TEXT } from '../common/shell/admin-page.tsx';
import { saveCategory } from './api/categories.ts';
import type { SettingErrors } from './field-settings-editor.tsx';
import { FormFieldEditor } from './form-field-editor.tsx';

/** Seed §4/§9: category success toasts last 5 s. */
export const CATEGORY_TOAST_MS = 5000;

type FormInput = z.input<typeof CategoryInputSchema>;
type FormOutput = z.output<typeof CategoryInputSchema>;

/** What the form starts from: a new category has one empty subcategory row (seed §4). */
function startingValues(category: AdminCategory | null) {
  const subcategories = category?.subcategories.map(({ id, name }) => ({ id, name })) ?? [];
  return {
    name: category?.name ?? '',
    subcategories: subcategories.length > 0 ? subcategories : [{ name: '' }],
    // The flag spelt out (a field saved before it was a choice has its type's default).
    formFields: (category?.formFields ?? DEFAULT_FORM_FIELDS).map((field) => ({
      ...field,
      shownToJurors: isShownToJurors(field),
    })),
  };
}

/** A row's settings' messages, by setting, each option's as `options.<index>`. */
function settingErrorsOf(row: unknown): SettingErrors {
  const found: SettingErrors = {};
  const errors = (row ?? {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'options' && Array.isArray(value)) {
      value.forEach((option, i) => (found[`options.${i}`] = listMessage(option)));
    }
    found[key] = listMessage(value);
  }
  return found;
}

/** A list's own message, wherever react-hook-form put it (the array itself or its `root`). */
function listMessage(error: unknown): string | undefined {
  const e = error as (FieldError & { root?: FieldError }) | undefined;
  return e?.message ?? e?.root?.message;
}

/** The add/edit form, for a modal dialog with a close button and Cancel. `category` null: a new one. */
export function CategoryForm({
  category,
  onClose,
  onSaved,
}: {
  category: AdminCategory | null;
  onClose: () => void;
  onSaved: (category: AdminCategory) => void;
}) {
  const save = useMutation({ mutationFn: saveCategory });
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(CategoryInputSchema),
    defaultValues: startingValues(category),
  });
  const { errors, isSubmitting } = form.formState;
  // keyName: the rows' own `id` (a saved subcategory's) must stay in the values.
  const rows = useFieldArray({ control: form.control, name: 'subcategories', keyName: 'key' });
  const rowError = (index: number) => errors.subcategories?.[index]?.name?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ category, values });
      onSaved(saved);
    } catch (error) {
      showSaveFailure(form, category ? CATEGORY_FAILURES.update : CATEGORY_FAILURES.add, error);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-6">
      <FormHead alert={errors.root?.message} />
      <Field
        label="Name"
        required
        autoComplete="off"
        maxLength={CATEGORY_NAME_MAX}
        error={errors.name?.message}
        {...form.register('name')}
      />

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-lg font-bold">Subcategories</legend>
        <p className={`text-sm ${MUTED_TEXT}`}>Optional. Rows left empty are not saved.</p>
        {listMessage(errors.subcategories) ? (
          <p role="alert" className="text-sm font-medium text-red-800 dark:text-red-300">
            {listMessage(errors.subcategories)}
          </p>
        ) : null}
        {rows.fields.map((row, index) => (
          <div key={row.key} className="flex items-start gap-3">
            <Field
              className="flex-1"
              label={`Subcategory ${index + 1}`}
              autoComplete="off"
              maxLength={SUBCATEGORY_NAME_MAX}
              error={rowError(index)}
              {...form.register(`subcategories.${index}.name`)}
            />
            {/* Seed §4: removal is offered only while more than one row exists. */}
            {rows.fields.length > 1 ? (
              <Button
                variant="secondary"
                className="mt-7"
                onClick={() => {
                  rows.remove(index);
                  form.setFocus(`subcategories.${Math.max(0, index - 1)}.name`);
                }}
              >
                Remove<span className="sr-only"> subcategory {index + 1}</span>
              </Button>
            ) : null}
          </div>
        ))}
        <div>
          <Button variant="outline" size="sm" onClick={() => rows.append({ name: '' })}>
            Add subcategory
          </Button>
        </div>
      </fieldset>

      <Controller
        control={form.control}
        name="formFields"
        render={({ field }) => (
          <FormFieldEditor
            fields={field.value ?? []}
            onChange={field.onChange}
            errors={{
              message: listMessage(errors.formFields),
              rows: (field.value ?? []).map((_, index) => {
                const row = errors.formFields?.[index];
                return row?.label?.message ?? row?.type?.message ?? row?.id?.message;
              }),
              settings: (field.value ?? []).map((_, index) =>
                settingErrorsOf(errors.formFields?.[index]),
              ),
            }}
          />
        )}
      />

      <DialogActions
        label={category ? 'Save Changes' : 'Add Category'}
        busy={isSubmitting}
        onCancel={onClose}
      />
    </form>
  );
}
