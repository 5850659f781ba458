/*
 * Whether a winning or shortlisted work may be shown on the public results page, and how: the
 * artist chooses it on the registration form. Our own wording: the seed's form and its
 * strings are left as they are.
 */

export const PUBLICATION_CONSENTS = ['name', 'anonymous', 'none'] as const;
export type PublicationConsent = (typeof PUBLICATION_CONSENTS)[number];

/** Shown in place of the artist's name when they chose 'anonymous'. */
export const NAME_WITHHELD = "Name withheld at the artist's request";

export const PUBLICATION_CONSENT_LEGEND = 'If your work wins or is shortlisted';

/** The form's choices, as the form, the admin and the artist's entry page say them. */
export const PUBLICATION_CONSENT_LABELS: Record<PublicationConsent, string> = {
  name: 'Show my work with my name on the results page',
  anonymous: `Show my work without my name ("${NAME_WITHHELD}")`,
  none: 'Do not show my work on the results page',
};

export const PUBLICATION_CONSENT_REQUIRED = 'Please choose how your work may be shown';

/** Entries registered before the choice was asked have none recorded. */
export const NO_PUBLICATION_CHOICE = 'No choice recorded';

/** The line the admin's and the artist's view of an entry show for the choice stored (or none). */
export function publicationLine(consent: PublicationConsent | null): {
  label: string;
  value: string;
} {
  return {
    label: 'Publication',
    value: consent === null ? NO_PUBLICATION_CHOICE : PUBLICATION_CONSENT_LABELS[consent],
  };
}
