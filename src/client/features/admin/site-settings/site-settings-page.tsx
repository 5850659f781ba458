import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type SiteSettingsForm,
  SiteSettingsFormInputSchema,
} from '../../../../shared/schemas/settings.ts';
import {
  DEFAULT_TIME_ZONE,
  FONT_FAMILIES,
  type FontFamily,
} from '../../../../shared/site-defaults.ts';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { useReloadSettings } from '../../../lib/settings.tsx';
import { showRequestError } from '../common/forms/form-errors.ts';
import { Field, RequiredNote, SelectField, TextAreaField } from '../common/forms/form-fields.tsx';
import { ResourceView } from '../common/resource-view.tsx';
import { useAdminFetch } from '../common/session.tsx';
import { AdminPage, FormAlert, Section } from '../common/shell/admin-page.tsx';
import { ImageUploadField } from '../common/upload/image-upload-field.tsx';
import { useUploadGuard } from '../common/upload/use-upload-guard.ts';
import { useAdminResource } from '../common/use-admin-resource.ts';
import { ColourField } from './colour-field.tsx';

export const SITE_SETTINGS_PATH = '/api/admin/site-settings';
export const SITE_SETTINGS_SAVED = 'Site settings updated successfully';
export const SITE_SETTINGS_FAILED = 'Failed to update site settings';

/** The self-hosted fonts (styles.css) by the names people know them by. */
const FONT_LABELS: Record<FontFamily, string> = {
  inter: 'Inter (sans-serif)',
  playfair: 'Playfair Display (serif)',
};
const FONT_OPTIONS = FONT_FAMILIES.map((value) => ({ value, label: FONT_LABELS[value] }));

/** The page texts, labelled with the titles the site gives them. */
const PAGE_FIELDS = [
  { name: 'aboutPage', label: 'About Us', path: paths.about },
  { name: 'privacyPage', label: 'Privacy Policy', path: paths.privacy },
  { name: 'termsPage', label: 'Terms and Conditions', path: paths.terms },
  { name: 'paymentPolicyPage', label: 'Razorpay Policy', path: paths.razorpayPolicy },
] as const;

/**
 * The zones this browser knows, with the saved one and the default always among them (browsers
 * list some zones by an older name: Asia/Calcutta for Asia/Kolkata).
 */
function timeZoneOptions(current: string) {
  const zones = new Set([current, DEFAULT_TIME_ZONE, 'UTC', ...Intl.supportedValuesOf('timeZone')]);
  return [...zones].sort().map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}

/** Issue 5 item 8, PRODUCT.md point 12: everything the seed hard-codes as site content. */
export default function SiteSettingsPage() {
  const settings = useAdminResource<SiteSettingsForm>(SITE_SETTINGS_PATH);
  return (
    <AdminPage title="Site Settings">
      <ResourceView resource={settings}>
        {(initial) => <SiteSettingsEditor initial={initial} />}
      </ResourceView>
    </AdminPage>
  );
}

function SiteSettingsEditor({ initial }: { initial: SiteSettingsForm }) {
  const adminFetch = useAdminFetch();
  const reloadSettings = useReloadSettings();
  const { showToast } = useToast();
  const form = useForm<z.input<typeof SiteSettingsFormInputSchema>, unknown, SiteSettingsForm>({
    resolver: zodResolver(SiteSettingsFormInputSchema),
    defaultValues: initial,
  });
  const { errors, isSubmitting } = form.formState;
  const uploads = useUploadGuard();
  const zones = useMemo(() => timeZoneOptions(initial.timeZone), [initial.timeZone]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await adminFetch<SiteSettingsForm>(SITE_SETTINGS_PATH, {
        method: 'PUT',
        body: JSON.stringify(values),
      });
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

      <Section title="Site">
        <div className="flex max-w-2xl flex-col gap-4">
          <Field
            label="Title"
            required
            hint="Shown in the header, the browser tab and shared links."
            error={errors.title?.message}
            {...form.register('title')}
          />
          <TextAreaField
            label="Description"
            hint="The line under the title on the home page, and in search results."
            error={errors.description?.message}
            {...form.register('description')}
          />
          <SelectField
            label="Time zone"
            hint="Competitions open and close at midnight in this time zone."
            options={zones}
            // Marks the saved option as the default too, so no DOM reads it as changed before the
            // form sets it (happy-dom starts a select with nothing chosen).
            defaultValue={initial.timeZone}
            error={errors.timeZone?.message}
            {...form.register('timeZone')}
          />
        </div>
      </Section>

      <Section title="Look">
        <div className="flex max-w-2xl flex-col gap-6">
          <ImageUploadField
            control={form.control}
            name="logo"
            label="Logo"
            onBusyChange={uploads.onBusyChange}
          />
          <ImageUploadField
            control={form.control}
            name="heroImage"
            label="Hero image"
            onBusyChange={uploads.onBusyChange}
          />
          <Controller
            control={form.control}
            name="primaryColor"
            render={({ field, fieldState }) => (
              <ColourField
                label="Primary colour"
                required
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
          <Field
            label="Dark mode"
            type="checkbox"
            role="switch"
            hint="Light text on dark backgrounds across the site."
            error={errors.darkMode?.message}
            {...form.register('darkMode')}
          />
          <SelectField
            label="Font"
            options={FONT_OPTIONS}
            defaultValue={initial.fontFamily}
            error={errors.fontFamily?.message}
            {...form.register('fontFamily')}
          />
        </div>
      </Section>

      <Section title="Contact and map">
        <div className="flex max-w-2xl flex-col gap-4">
          <Field
            label="E-mail"
            type="email"
            autoComplete="off"
            error={errors.contactEmail?.message}
            {...form.register('contactEmail')}
          />
          <Field
            label="Phone"
            type="tel"
            autoComplete="off"
            error={errors.contactPhone?.message}
            {...form.register('contactPhone')}
          />
          <TextAreaField
            label="Address"
            error={errors.contactAddress?.message}
            {...form.register('contactAddress')}
          />
          <Field
            label="Map embed link"
            type="url"
            hint='In Google Maps: Share, then Embed a map, and copy the link inside src="…". OpenStreetMap: Share, then HTML.'
            error={errors.mapEmbedUrl?.message}
            {...form.register('mapEmbedUrl')}
          />
        </div>
      </Section>

      <Section title="Pages">
        <div className="flex flex-col gap-6">
          <p className="max-w-prose text-gray-700 dark:text-gray-300">
            Written in Markdown: <code>## Heading</code>, <code>**bold**</code>,{' '}
            <code>- list item</code>, <code>[link text](https://…)</code>. HTML is shown as text.
          </p>
          {PAGE_FIELDS.map(({ name, label, path }) => (
            <TextAreaField
              key={name}
              label={label}
              hint={
                <>
                  Shown at{' '}
                  <a href={path} target="_blank" rel="noreferrer" className="underline">
                    {path}
                  </a>{' '}
                  (opens in a new tab).
                </>
              }
              rows={12}
              className="max-w-4xl"
              error={errors[name]?.message}
              {...form.register(name)}
            />
          ))}
        </div>
      </Section>

      <FormAlert key={uploads.refusals} message={uploads.message} />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save settings'}
        </Button>
      </div>
    </form>
  );
}
