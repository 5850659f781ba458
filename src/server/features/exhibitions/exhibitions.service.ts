/*
 * The exhibitions feature's front door: a competition's opened exhibition and its works, as the
 * people's-choice vote checks them, and what the pages drawn on the server show.
 */

export {
  displayImageOf,
  EXHIBITION_NOT_OPEN,
  findExhibitionAndWork,
  findExhibitionWork,
  findPublicExhibition,
  getExhibitionArchive,
  getPublicExhibition,
  getPublicExhibitionWork,
  WORK_NOT_EXHIBITED,
} from './public-exhibitions.ts';
export { type ExhibitionVotingState, findExhibitionVoting } from './exhibition-voting.ts';
export { forgetDisplayCopiesOf } from './display-copies.ts';
export { listMyWorkSales, markWorkForSale } from './work-sales.ts';
/** The admin's writes, for the demo seed (which acts as the site, audited as 'demo'). */
export { chooseExhibitionWorks, saveExhibition, setExhibitionOpen } from './exhibition-admin.ts';
