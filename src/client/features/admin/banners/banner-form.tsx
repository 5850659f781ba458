import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type AdminBanner,
  BANNER_DESCRIPTION_MAX,
  BANNER_TITLE_MAX,
  type BannerInput,
  BannerInputSchema,
} from '../../../../shared/schemas/banner.ts';
import { useToast } from '../../../components/toast.tsx';
import { DialogActions } from '../../../components/modal-dialog.tsx';
import { showSaveFailure } from '../common/failure-messages.ts';
import { Field, RequiredNote, TextAreaField } from '../common/forms/form-fields.tsx';
import { FormAlert } from '../common/shell/admin-page.tsx';
import { ImageUploadField } from '../common/upload/image-upload-field.tsx';
import { useUploadGuard } from '../common/upload/use-upload-guard.ts';
import { saveBanner } from './api/banners.ts';

/** Seed §4/§9: banner toasts last 3 s. */
export const BANNER_TOAST_MS = 3000;

const MESSAGES = {
  add: { failed: 'Failed to add banner', done: 'Banner added successfully' },
  edit: { failed: 'Failed to update banner', done: 'Banner updated successfully' },
} as const;

type FormValues = z.input<typeof BannerInputSchema>;

/**
 * Adds a banner, or edits `banner`. Checked with the server's own schema before sending; the
 * server's field messages (an image that is not an upload, say) come back under their fields. For
 * a modal dialog with a close button and Cancel, as the other screens' forms.
 */
export function BannerForm({
  banner,
  onSaved,
  onCancel,
}: {
  banner: AdminBanner | undefined;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const mode = banner ? 'edit' : 'add';
  const save = useMutation({ mutationFn: saveBanner });
  const { showToast } = useToast();
  const form = useForm<FormValues, unknown, BannerInput>({
    resolver: zodResolver(BannerInputSchema),
    defaultValues: {
      title: banner?.title ?? '',
      description: banner?.description ?? '',
      imageUrl: banner?.imageUrl ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const uploads = useUploadGuard();

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: banner?.id, values });
      showToast(MESSAGES[mode].done, { variant: 'success', durationMs: BANNER_TOAST_MS });
      onSaved();
    } catch (error) {
      showSaveFailure(form, MESSAGES[mode].failed, error);
    }
  });

  return (
    <form noValidate onSubmit={uploads.guard(onSubmit)} className="flex flex-col gap-5">
      <FormAlert message={errors.root?.message} />
      <RequiredNote />
      <ImageUploadField
        control={form.control}
        name="imageUrl"
        label="Banner image"
        required
        onBusyChange={uploads.onBusyChange}
      />
      <Field
        label="Title"
        required
        maxLength={BANNER_TITLE_MAX}
        error={errors.title?.message}
        {...form.register('title')}
      />
      <TextAreaField
        label="Description"
        required
        maxLength={BANNER_DESCRIPTION_MAX}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <FormAlert key={uploads.refusals} message={uploads.message} />
      <DialogActions
        label={banner ? 'Update Banner' : 'Save Banner'}
        busy={isSubmitting}
        onCancel={onCancel}
      />
    </form>
  );
}
