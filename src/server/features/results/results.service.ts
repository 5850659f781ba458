/*
 * The results feature's front door: the published results the public pages show, and the awards
 * and publication the demo sets up.
 */

export { saveAwards } from './awards.service.ts';
export { allPublishedResults, getPublicResults, latestResults } from './public-results.service.ts';
export { publishResults } from './publication.service.ts';
