/*
 * The server routes the banner screen calls (with the signed-in admin's adminFetch): the list
 * and the form both need them, so they live here rather than in either.
 */

/** The banners in display order (GET); POST adds one, PUT and DELETE on `/{id}` change one. */
export const ADMIN_BANNERS_PATH = '/api/admin/banners';

/** PUT `{ ids }`, first shown first: answers with the banners in their new order. */
export const BANNER_ORDER_PATH = `${ADMIN_BANNERS_PATH}/order`;

/** One banner, for PUT and DELETE. */
export const bannerPath = (id: string) => `${ADMIN_BANNERS_PATH}/${encodeURIComponent(id)}`;
