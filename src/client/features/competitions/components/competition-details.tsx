import { type ReactNode, useId } from 'react';
import { artworkSizeRequirement } from '../../../../shared/domain/artwork-size.ts';
import type { CompetitionDetails } from '../../../../shared/schemas/competition.ts';

/** "JPEG, PNG or WebP". */
function orList(items: string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/** "your photo and 2 pictures of your work (Artwork Photo, Detail (optional))". */
function picturesWanted(artworks: CompetitionDetails['pictures']['artworks']): string {
  if (artworks.length === 0) return 'Your photo';
  const labels = artworks.map((a) => (a.required ? a.label : `${a.label} (optional)`)).join(', ');
  const count = artworks.length === 1 ? '1 picture' : `${artworks.length} pictures`;
  return `Your photo and ${count} of your work: ${labels}`;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="text-2xl font-bold">
        {title}
      </h2>
      <div className="mt-4 text-lg">{children}</div>
    </section>
  );
}

/**
 * A competition's rules and eligibility (HTML the server rendered from the admin's Markdown with
 * raw HTML turned off, so safe to insert), and the files an entry takes, from its category's form.
 */
export function CompetitionDetailsSections({
  details,
  minArtworkLongSide,
}: {
  details: CompetitionDetails;
  /** The competition's minimum artwork size for print, when it states one. */
  minArtworkLongSide?: number;
}) {
  const { pictures } = details;
  return (
    <>
      {details.rulesHtml ? (
        <Section title="Rules">
          <div className="markdown" dangerouslySetInnerHTML={{ __html: details.rulesHtml }} />
        </Section>
      ) : null}
      {details.eligibilityHtml ? (
        <Section title="Eligibility">
          <div className="markdown" dangerouslySetInnerHTML={{ __html: details.eligibilityHtml }} />
        </Section>
      ) : null}
      <Section title="File requirements">
        <ul className="list-disc space-y-1 pl-6">
          <li>{picturesWanted(pictures.artworks)}</li>
          <li>File types: {orList(pictures.types)}</li>
          <li>Size: up to {pictures.maxMegabytes} MB a picture</li>
          {minArtworkLongSide && pictures.artworks.length > 0 ? (
            <li>Artworks: {artworkSizeRequirement(minArtworkLongSide)}, for print</li>
          ) : null}
        </ul>
      </Section>
    </>
  );
}
