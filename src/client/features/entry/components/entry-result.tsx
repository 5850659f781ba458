import { useId } from 'react';
import { Link } from 'react-router';
import type { EntryResult } from '../../../../shared/schemas/publication.ts';
import { FOCUS_RING } from '../../../components/form-fields.tsx';
import { paths } from '../../../config/paths.ts';
import { JuryFeedback } from './jury-feedback.tsx';

const LINK_CLASS = `rounded font-semibold text-[var(--color-primary-text)] underline underline-offset-4 ${FOCUS_RING}`;

/** The sentence the artist reads first: what became of their work. */
export function resultHeadline(result: EntryResult): string {
  if (result.outcome === 'award') {
    return result.award ? `Your work won: ${result.award}` : 'Your work won an award';
  }
  return result.outcome === 'shortlisted'
    ? 'Your work was shortlisted'
    : 'Thank you for taking part';
}

/**
 * The entry's result once the competition's results are published: the outcome, the
 * results page and the certificate, to download and to verify.
 */
export function EntryResultSection({ result }: { result: EntryResult }) {
  const headingId = useId();
  const verifyPath = paths.certificate(result.certificateCode);
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border-2 border-primary p-6"
    >
      <h2 id={headingId} className="text-xl font-semibold">
        Result
      </h2>
      <p className="text-2xl font-bold">{resultHeadline(result)}</p>
      <ul className="flex flex-col gap-2">
        <li>
          <Link to={result.resultsUrl} className={LINK_CLASS}>
            See the results
          </Link>
        </li>
        {(result.certificates ?? [{ code: result.certificateCode, work: null }]).map(
          ({ code, work }) => (
            <li key={code}>
              {/* A download, not a page of the app: the browser saves what the server sends. */}
              <a href={paths.certificatePdf(code)} download className={LINK_CLASS}>
                {work
                  ? `Download the certificate for Work ${work.number}${work.title ? `: ${work.title}` : ''} (PDF)`
                  : 'Download your certificate (PDF)'}
              </a>
            </li>
          ),
        )}
      </ul>
      <p>
        Verify:{' '}
        <Link to={verifyPath} className={`${LINK_CLASS} break-all`}>
          {verifyPath}
        </Link>
      </p>
      {result.feedback ? <JuryFeedback feedback={result.feedback} /> : null}
    </section>
  );
}
