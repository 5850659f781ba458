import { adminApiPaths } from '../../../../../shared/api-paths.ts';
import { queryOptions } from '@tanstack/react-query';
import {
  type SiteSettingsForm,
  SiteSettingsFormSchema,
} from '../../../../../shared/schemas/settings.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { send } from '../../common/admin-requests.ts';

/* The Site Settings screen's calls. */

const SITE_SETTINGS_PATH = adminApiPaths.siteSettings;

/** Everything the site shows as its own content, as the form edits it. */
export const siteSettingsQuery = queryOptions({
  queryKey: ['admin', 'site-settings'],
  queryFn: () => apiFetch(SITE_SETTINGS_PATH, {}, SiteSettingsFormSchema),
});

/** Saves the settings; answers them as saved. */
export const saveSiteSettings = (values: SiteSettingsForm) =>
  apiFetch(SITE_SETTINGS_PATH, send('PUT', values), SiteSettingsFormSchema);
