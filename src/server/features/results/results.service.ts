/*
 * The results feature's front door: the published results the public pages show, and the awards
 * and publication the demo sets up.
 */

export { saveAwards } from './awards.service.ts';
export { allPublishedResults, getPublicResults, latestResults } from './public-results.service.ts';
export { publishResults } from './publication.service.ts';
/** An erased artist's certificates: their stored PDFs, which print the name, forgotten. */
export { forgetCertificateFilesOf } from './certificate-erasure.repository.ts';
/** The judging record: published (written once) or withdrawn; the demo publishes its own. */
export { changeJudgingRecord, publishedJudgingRecord } from './judging-record.service.ts';
export {
  findPeoplesChoiceAward,
  PEOPLES_CHOICE_TITLE,
  savePeoplesChoiceAward,
} from './peoples-choice-award.ts';
