import type { Control, FieldPath, UseFormRegister } from 'react-hook-form';
import type { FormField } from '../../../../shared/schemas/form-field.ts';
import { artworkHint, artworkPreset } from '../image-downscale.ts';
import type { RegistrationFormValues } from '../registration-form-values.ts';
import { DocumentPicker } from './document-picker.tsx';
import { ImagePicker } from './image-picker.tsx';
import { DynamicField } from './registration-fields.tsx';

/** The messages of a group of fields as react-hook-form holds them, by field id. */
export function fieldMessages(errors: unknown): Record<string, string | undefined> {
  const found: Record<string, string | undefined> = {};
  for (const [id, error] of Object.entries((errors ?? {}) as Record<string, unknown>)) {
    found[id] = (error as { message?: string } | undefined)?.message;
  }
  return found;
}

/**
 * A list of the category's fields, in the order given, each drawn as its type asks: a picture's
 * picker, a document's, or an answer. `namePrefix` is where their values live in the form
 * (`fieldValues`, or one work's), `errors` their messages by field id.
 */
export function EntryFieldList({
  fields,
  minArtworkLongSide,
  namePrefix,
  control,
  register,
  errors,
  onBusyChange,
}: {
  fields: readonly FormField[];
  /** The competition's minimum artwork size for print, when it states one. */
  minArtworkLongSide?: number;
  namePrefix: string;
  control: Control<RegistrationFormValues, unknown, unknown>;
  register: UseFormRegister<RegistrationFormValues>;
  errors: Record<string, string | undefined>;
  onBusyChange: (name: string, busy: boolean) => void;
}) {
  return fields.map((field) => {
    const name = `${namePrefix}.${field.id}` as FieldPath<RegistrationFormValues>;
    switch (field.type) {
      case 'image':
        return (
          <ImagePicker
            key={field.id}
            control={control}
            name={name}
            label={field.label}
            required={field.required}
            preset={artworkPreset(minArtworkLongSide)}
            hint={[field.helpText, artworkHint(minArtworkLongSide)].filter(Boolean).join(' ')}
            onBusyChange={onBusyChange}
          />
        );
      case 'document':
        return <DocumentPicker key={field.id} field={field} name={name} control={control} />;
      default:
        return (
          <DynamicField
            key={field.id}
            field={field}
            name={name}
            control={control}
            register={register}
            error={errors[field.id]}
          />
        );
    }
  });
}
