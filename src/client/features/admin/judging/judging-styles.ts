import { TEXT_LINK } from '../common/shell/admin-page.tsx';

/* Classes the judging screens share. */

/** A link inside text. */
export const LINK_CLASS = TEXT_LINK;

/** A table cell. */
export const CELL = 'px-3 py-2 text-left align-top';

/**
 * A table's frame: it scrolls sideways on a narrow screen rather than squeezing its columns. It
 * is positioned, so what a cell places absolutely (a screen reader's text) scrolls with the table
 * instead of widening the page.
 */
export const TABLE_FRAME =
  'relative overflow-x-auto rounded-2xl border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900';

/** A message under a group of controls. */
export const ERROR_TEXT = 'text-sm font-medium text-red-800 dark:text-red-300';
