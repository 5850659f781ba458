import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { ImageUpload } from './image-upload.tsx';

/**
 * ImageUpload as a field of a react-hook-form form: the field holds the stored image's URL ('' for
 * none) and shows its error. After a failed submit a new image is checked again at once, as the
 * text fields are (the resolver re-validates on change). `onBusyChange` hears the field's name and
 * whether it is sending a file (useUploadGuard's).
 */
export function ImageUploadField<T extends FieldValues>({
  control,
  name,
  label,
  required = false,
  onBusyChange,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  onBusyChange?: (field: string, busy: boolean) => void;
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
          onBusyChange={(busy) => onBusyChange?.(name, busy)}
        />
      )}
    />
  );
}
