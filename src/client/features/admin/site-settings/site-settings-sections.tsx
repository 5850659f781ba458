import { useMemo } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type {
  SiteSettingsForm,
  SiteSettingsFormInputSchema,
} from '../../../../shared/schemas/settings.ts';
import {
  DEFAULT_TIME_ZONE,
  FONT_FAMILIES,
  type FontFamily,
} from '../../../../shared/site-defaults.ts';
import { paths } from '../../../config/paths.ts';
import { Field, SelectField, TextAreaField } from '../common/forms/form-fields.tsx';
import { Section } from '../common/shell/admin-page.tsx';
import { ImageUploadField } from '../common/upload/image-upload-field.tsx';
import { ColourField } from './colour-field.tsx';

/* The Site Settings form's sections, each a part of one form. */

export type SettingsForm = UseFormReturn<
  z.input<typeof SiteSettingsFormInputSchema>,
  unknown,
  SiteSettingsForm
>;

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

/** The title, the description and the time zone. */
export function SiteSection({ form, initial }: { form: SettingsForm; initial: SiteSettingsForm }) {
  const { errors } = form.formState;
  const zones = useMemo(() => timeZoneOptions(initial.timeZone), [initial.timeZone]);
  return (
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
  );
}

/** The logo, the hero image, the colour, dark mode and the font. */
export function LookSection({
  form,
  initial,
  onBusyChange,
}: {
  form: SettingsForm;
  initial: SiteSettingsForm;
  onBusyChange: (field: string, busy: boolean) => void;
}) {
  const { errors } = form.formState;
  return (
    <Section title="Look">
      <div className="flex max-w-2xl flex-col gap-6">
        <ImageUploadField
          control={form.control}
          name="logo"
          label="Logo"
          onBusyChange={onBusyChange}
        />
        <ImageUploadField
          control={form.control}
          name="heroImage"
          label="Hero image"
          onBusyChange={onBusyChange}
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
  );
}

/** How to reach the organisers, and where they are. */
export function ContactSection({ form }: { form: SettingsForm }) {
  const { errors } = form.formState;
  return (
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
  );
}

/** The texts of the site's own pages, in Markdown. */
export function PagesSection({ form }: { form: SettingsForm }) {
  const { errors } = form.formState;
  return (
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
  );
}
