import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type SiteSettingsForm,
  SiteSettingsFormInputSchema,
} from '../../../../shared/schemas/settings.ts';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { useReloadSettings } from '../../../lib/settings.tsx';
import { useAdminQuery } from '../common/admin-query.tsx';
import { showRequestError } from '../common/forms/form-errors.ts';
import { RequiredNote } from '../common/forms/form-fields.tsx';
import { ResourceView } from '../common/resource-view.tsx';
import { AdminPage, FormAlert } from '../common/shell/admin-page.tsx';
import { useUploadGuard } from '../common/upload/use-upload-guard.ts';
import { saveSiteSettings, siteSettingsQuery } from './api/site-settings.ts';
import { ReceiptsSection } from './receipts-section.tsx';
import {
  ContactSection,
  LookSection,
  PagesSection,
  type SettingsForm,
  SiteSection,
} from './site-settings-sections.tsx';

export const SITE_SETTINGS_SAVED = 'Site settings updated successfully';
export const SITE_SETTINGS_FAILED = 'Failed to update site settings';

/** PRODUCT.md point 12: everything the seed hard-codes as site content. */
export default function SiteSettingsPage() {
  const settings = useAdminQuery(siteSettingsQuery);
  return (
    <AdminPage title="Site Settings">
      <ResourceView resource={settings}>
        {(initial) => <SiteSettingsEditor initial={initial} />}
      </ResourceView>
    </AdminPage>
  );
}

function SiteSettingsEditor({ initial }: { initial: SiteSettingsForm }) {
  const save = useMutation({ mutationFn: saveSiteSettings });
  const reloadSettings = useReloadSettings();
  const { showToast } = useToast();
  const form: SettingsForm = useForm<
    z.input<typeof SiteSettingsFormInputSchema>,
    unknown,
    SiteSettingsForm
  >({
    resolver: zodResolver(SiteSettingsFormInputSchema),
    defaultValues: initial,
  });
  const { errors, isSubmitting } = form.formState;
  const uploads = useUploadGuard();

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      form.reset(saved);
      showToast(SITE_SETTINGS_SAVED, { variant: 'success' });
      // This tab's title, colour, font and dark mode follow at once, as the public site's do.
      reloadSettings();
    } catch (error) {
      showRequestError(form, error);
      showToast(SITE_SETTINGS_FAILED, { variant: 'error' });
    }
  });

  return (
    <form noValidate onSubmit={uploads.guard(onSubmit)} className="flex flex-col gap-8">
      <FormAlert message={errors.root?.message} />
      <RequiredNote />

      <SiteSection form={form} initial={initial} />
      <LookSection form={form} initial={initial} onBusyChange={uploads.onBusyChange} />
      <ContactSection form={form} />
      <PagesSection form={form} />
      <ReceiptsSection form={form} />

      <FormAlert key={uploads.refusals} message={uploads.message} />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save settings'}
        </Button>
      </div>
    </form>
  );
}
