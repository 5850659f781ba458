import {
  PUBLICATION_CONSENTS,
  type PublicationConsent,
} from '../../../shared/schemas/publication-consent.ts';

/**
 * How the results page may show an entry, from its stored `publication_consent`: 'name' (work and
 * name), 'anonymous' (the work, with NAME_WITHHELD for the name) or 'none' (left out). An entry
 * registered before the form asked has null: no consent to publish a name was ever recorded, so
 * no name is published, and its work is shown as 'anonymous'. A value this release does not know
 * reads the same way, never as consent.
 */
export function publicationOf(consent: string | null): PublicationConsent {
  return (PUBLICATION_CONSENTS as readonly string[]).includes(consent ?? '')
    ? (consent as PublicationConsent)
    : 'anonymous';
}
