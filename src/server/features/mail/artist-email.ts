import { renderTemplate, type TemplateValues } from './template-render.ts';

/*
 * What every message to an artist about an entry is filled with, and how it is written: its
 * template (the art space's wording or the default, issue 14) with the entry link as a link.
 */

export interface ArtistDetails {
  siteTitle: string;
  reference: string;
  fullName: string;
  competitionTitle: string;
  entryLink: string;
}

export function artistValues(details: ArtistDetails): TemplateValues {
  return {
    name: details.fullName,
    competition: details.competitionTitle,
    reference: details.reference,
    entryLink: details.entryLink,
    siteTitle: details.siteTitle,
  };
}

export function artistEmail(template: { subject: string; body: string }, values: TemplateValues) {
  return renderTemplate(template, values, { links: ['entryLink'] });
}
