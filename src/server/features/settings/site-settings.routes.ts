import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SITE_SETTINGS_MESSAGES,
  type SiteSettings,
  type SiteSettingsForm,
  SiteSettingsFormInputSchema,
  SiteSettingsFormSchema,
} from '../../../shared/schemas/settings.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { requireAdmin } from '../../plugins/admin-guard.ts';
import { checkImagesAreUploads } from '../media/media.service.ts';
import { auditSettings } from './settings.service.ts';

const SITE_SETTINGS_PATH = '/site-settings';

/** The stored document as the admin form edits it. */
export function toSiteSettingsForm(settings: SiteSettings): SiteSettingsForm {
  return {
    title: settings.title,
    description: settings.description,
    logo: settings.logo,
    heroImage: settings.heroImage,
    primaryColor: settings.theme.primaryColor,
    darkMode: settings.theme.darkMode,
    fontFamily: settings.theme.fontFamily,
    timeZone: settings.timeZone,
    contactEmail: settings.contact.email,
    contactPhone: settings.contact.phone,
    contactAddress: settings.contact.address,
    mapEmbedUrl: settings.mapEmbedUrl,
    aboutPage: settings.pages.about,
    privacyPage: settings.pages.privacy,
    termsPage: settings.pages.terms,
    paymentPolicyPage: settings.pages.paymentPolicy,
    legalName: settings.seller.legalName,
    legalAddress: settings.seller.address,
    gstin: settings.seller.gstin,
    gstRate: settings.seller.gstRate,
    refundOnArtistWithdrawal: settings.refundOnArtistWithdrawal,
  };
}

/** The form as a change to the stored document; the video and the security part are left alone. */
function toSettingsPatch(form: SiteSettingsForm): Partial<SiteSettings> {
  return {
    title: form.title,
    description: form.description,
    logo: form.logo,
    heroImage: form.heroImage,
    timeZone: form.timeZone,
    contact: { email: form.contactEmail, phone: form.contactPhone, address: form.contactAddress },
    mapEmbedUrl: form.mapEmbedUrl,
    // Merged into the stored details by updateSettings, like the other parts.
    seller: sellerPatchOf(form) as SiteSettings['seller'],
    pages: {
      about: form.aboutPage,
      privacy: form.privacyPage,
      terms: form.termsPage,
      paymentPolicy: form.paymentPolicyPage,
    },
    theme: {
      primaryColor: form.primaryColor,
      darkMode: form.darkMode,
      fontFamily: form.fontFamily,
    },
    ...(form.refundOnArtistWithdrawal === undefined
      ? {}
      : { refundOnArtistWithdrawal: form.refundOnArtistWithdrawal }),
  };
}

/** The receipts' details the form sent (the others are left as they are). */
function sellerPatchOf(form: SiteSettingsForm): Partial<SiteSettings['seller']> {
  const sent = {
    legalName: form.legalName,
    address: form.legalAddress,
    gstin: form.gstin,
    gstRate: form.gstRate,
  };
  return Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== undefined));
}

/**
 * Which fields of the form differ, not their values (a page text can be 50,000 characters),
 * between the documents read and written by the save itself: a cached copy could be stale.
 */
function changedFields(before: SiteSettingsForm, after: SiteSettingsForm): string[] {
  return (Object.keys(after) as (keyof SiteSettingsForm)[]).filter(
    (field) => after[field] !== before[field],
  );
}

/** Admin scope (/api/admin): the site's look, contact details and page texts. */
export const siteSettingsAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    SITE_SETTINGS_PATH,
    {
      schema: {
        summary: "The site's title, look, time zone, contact details, map and page texts",
        response: { 200: SiteSettingsFormSchema },
      },
    },
    async () => toSiteSettingsForm(await deps.settings.getSettings()),
  );

  api.put(
    SITE_SETTINGS_PATH,
    {
      schema: {
        summary: 'Saves the whole site-settings form; the public site shows it at once',
        body: SiteSettingsFormInputSchema,
        response: { 200: SiteSettingsFormSchema },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const form = request.body;
      await checkImagesAreUploads(
        deps.db,
        { logo: form.logo, heroImage: form.heroImage },
        {
          logo: SITE_SETTINGS_MESSAGES.unknownLogo,
          heroImage: SITE_SETTINGS_MESSAGES.unknownHeroImage,
        },
      );
      // updateSettings empties the public content cache, so pages and /api/settings change now.
      const saved = await deps.settings.updateSettings(toSettingsPatch(form), (before, after) =>
        auditSettings(admin, 'settings.site-update', undefined, {
          changed: changedFields(toSiteSettingsForm(before), toSiteSettingsForm(after)),
        }),
      );
      return toSiteSettingsForm(saved);
    },
  );
};
