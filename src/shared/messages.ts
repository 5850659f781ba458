/** Seed §8 messages that both the server and the browser show, defined once. */
export const COMPETITION_NOT_FOUND = 'Competition not found';

/** A results page (or its API) before Publish or after Unpublish: results stay private until the admin says. */
export const RESULTS_NOT_PUBLISHED = 'The results of this competition are not published yet.';

/** Seed §8's "Unavailable": the server, or what it depends on, cannot be reached now. */
export const UNAVAILABLE_MESSAGE =
  'Unable to connect to the server. Please check your internet connection.';
