/*
 * The e-mail that signs an artist in to "My entries": a one-time link and the same sign-in's
 * 6-digit code (the artists feature queues it). A default wording an admin may change like the
 * others; it names no entry, since it goes to an address whatever entries it made.
 */

export const ARTIST_SIGN_IN_KIND = 'artist-sign-in';

export const ARTIST_SIGN_IN_TEMPLATE = {
  subject: 'Sign in to your entries on {siteTitle}',
  body: `Hello,

Someone asked to sign in to {siteTitle} with this address, to see its entries.

If that was you, open this link on the device you asked from:

{signInLink}

or enter this code there:

{code}

They work once, within 15 minutes.

If it was not you, you need do nothing: nobody can sign in without this e-mail.

{siteTitle}`,
};
