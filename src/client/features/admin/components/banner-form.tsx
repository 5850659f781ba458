import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type AdminBanner,
  BANNER_DESCRIPTION_MAX,
  BANNER_TITLE_MAX,
  type BannerInput,
  BannerInputSchema,
} from '../../../../shared/schemas/banner.ts';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAdminFetch } from '../session.tsx';
import { FormAlert } from './admin-page.tsx';
import { Field, TextAreaField } from './field.tsx';
import { ImageUpload } from './image-upload.tsx';

export const ADMIN_BANNERS_PATH = '/api/admin/banners';
/** Seed §4/§9: banner toasts last 3 s. */
export const BANNER_TOAST_MS = 3000;

const MESSAGES = {
  add: { failed: 'Failed to add banner', done: 'Banner added successfully' },
  edit: { failed: 'Failed to update banner', done: 'Banner updated successfully' },
} as const;

type FormValues = z.input<typeof BannerInputSchema>;

/**
 * Adds a banner, or edits `banner`. Checked with the server's own schema before sending; the
 * server's field messages (an image that is not an upload, say) come back under their fields.
 */
export function BannerForm({
  banner,
  onSaved,
  onCancel,
}: {
  banner?: AdminBanner | undefined;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const mode = banner ? 'edit' : 'add';
  const adminFetch = useAdminFetch();
  const { showToast } = useToast();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useForm<FormValues, unknown, BannerInput>({
    resolver: zodResolver(BannerInputSchema),
    defaultValues: {
      title: banner?.title ?? '',
      description: banner?.description ?? '',
      imageUrl: banner?.imageUrl ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;

  // The form appears in place of nothing: take the keyboard user to it.
  useEffect(() => heading.current?.focus(), []);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await adminFetch(banner ? `${ADMIN_BANNERS_PATH}/${banner.id}` : ADMIN_BANNERS_PATH, {
        method: banner ? 'PUT' : 'POST',
        body: JSON.stringify(values),
      });
      showToast(MESSAGES[mode].done, { variant: 'success', durationMs: BANNER_TOAST_MS });
      onSaved();
    } catch (error) {
      let focused = false;
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fields ?? {})) {
          if (!(field in form.getValues())) continue;
          form.setError(field as keyof FormValues, { message }, { shouldFocus: !focused });
          focused = true;
        }
      }
      form.setError('root', { message: MESSAGES[mode].failed });
    }
  });

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-gray-200 p-6 dark:border-gray-800"
    >
      <h2 id={headingId} ref={heading} tabIndex={-1} className="mb-4 text-xl font-bold">
        {banner ? 'Edit Banner' : 'Add Banner'}
      </h2>
      <form noValidate onSubmit={onSubmit} className="flex max-w-2xl flex-col gap-4">
        <FormAlert message={errors.root?.message} />
        <Controller
          control={form.control}
          name="imageUrl"
          render={({ field, fieldState }) => (
            <ImageUpload
              label="Banner image"
              required
              value={field.value}
              onChange={(url) => {
                field.onChange(url);
                // Re-checked at once only after a failed submit, as the text fields are.
                if (form.formState.isSubmitted) void form.trigger('imageUrl');
              }}
              error={fieldState.error?.message}
            />
          )}
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
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={isSubmitting}>
            {banner ? 'Update Banner' : 'Save Banner'}
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </section>
  );
}
