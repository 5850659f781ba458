/** The screen's failure messages, worded as the seed words its others (§8). */
export const EMAIL_TEMPLATE_FAILURES = {
  fetch: 'Failed to fetch e-mail templates',
  save: 'Failed to save template',
  reset: 'Failed to reset template',
  preview: 'Failed to preview template',
} as const;
