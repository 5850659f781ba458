import { adminApiPaths } from '../../../../../shared/api-paths.ts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { AdminBannerSchema, type BannerInput } from '../../../../../shared/schemas/banner.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { send } from '../../common/admin-requests.ts';

/* The banner screen's calls: the list and the form both need them. */

const ADMIN_BANNERS_PATH = adminApiPaths.banners;

/** One banner, for PUT and DELETE. */
const bannerPath = (id: string) => `${ADMIN_BANNERS_PATH}/${encodeURIComponent(id)}`;

/** The banners in display order. */
export const bannersQuery = queryOptions({
  queryKey: ['admin', 'banners'],
  queryFn: () => apiFetch(ADMIN_BANNERS_PATH, {}, z.array(AdminBannerSchema)),
});

/** Adds a banner (no `id`) or saves changes to one. */
export const saveBanner = ({ id, values }: { id: string | undefined; values: BannerInput }) =>
  apiFetch(id ? bannerPath(id) : ADMIN_BANNERS_PATH, send(id ? 'PUT' : 'POST', values));

/** The banners in a new order, first shown first: answers with them in that order. */
export const orderBanners = (ids: string[]) =>
  apiFetch(`${ADMIN_BANNERS_PATH}/order`, send('PUT', { ids }), z.array(AdminBannerSchema));

export const deleteBanner = (id: string) => apiFetch(bannerPath(id), send('DELETE'));
