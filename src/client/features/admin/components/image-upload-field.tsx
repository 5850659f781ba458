import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { ImageUpload } from './image-upload.tsx';

/**
 * ImageUpload as a field of a react-hook-form form: the field holds the stored image's URL ('' for
 * none) and shows its error. After a failed submit a new image is checked again at once, as the
 * text fields are (the resolver re-validates on change).
 */
export function ImageUploadField<T extends FieldValues>({
  control,
  name,
  label,
  required = false,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ImageUpload
          label={label}
          required={required}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
