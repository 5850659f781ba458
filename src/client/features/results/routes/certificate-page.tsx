import { useParams } from 'react-router';
import {
  CERTIFICATE_NOT_FOUND,
  type CertificateVerification,
} from '../../../../shared/schemas/publication.ts';
import { ButtonLink, buttonClassName } from '../../../components/button.tsx';
import { PageLoading, PageProblem } from '../../../components/page-problem.tsx';
import { paths } from '../../../config/paths.ts';
import { useCertificate } from '../api/results.ts';
import { formatCalendarDate } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/settings.tsx';

export const CERTIFICATE_GENUINE = 'This certificate is genuine';
export const CERTIFICATE_FETCH_FAILED = 'Failed to check the certificate';
export const PARTICIPATION = 'Certificate of Participation';
export const DOWNLOAD_CERTIFICATE = 'Download the certificate (PDF)';

/**
 * Anyone with a certificate's code sees that it is genuine (the artist, the competition,
 * the award, the date) and nothing more, and may download it.
 */
export default function CertificatePage() {
  const { code = '' } = useParams();
  const { data, error, retry } = useCertificate(code);
  const notFound = error?.status === 404;
  usePageTitle(data ? CERTIFICATE_GENUINE : notFound ? 'Certificate not found' : 'Certificate');

  if (error) {
    return (
      <PageProblem
        heading={notFound ? 'Certificate not found' : CERTIFICATE_FETCH_FAILED}
        message={notFound ? CERTIFICATE_NOT_FOUND : error.message}
        onRetry={notFound ? undefined : retry}
      >
        <ButtonLink to={paths.home}>Return to Home</ButtonLink>
      </PageProblem>
    );
  }
  if (!data) return <PageLoading narrow>Checking the certificate…</PageLoading>;
  return <Verified certificate={data} />;
}

function Verified({ certificate }: { certificate: CertificateVerification }) {
  const rows = [
    { term: 'Artist', value: certificate.artistName },
    { term: 'Competition', value: certificate.competitionTitle },
    { term: 'Award', value: certificate.award ?? PARTICIPATION },
  ];
  return (
    <section className="mx-auto max-w-3xl px-4 pt-32 pb-16">
      <h1 className="flex items-center gap-3 text-3xl font-bold sm:text-4xl">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-9 shrink-0 text-green-700 dark:text-green-400"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
        >
          <circle cx="12" cy="12" r="10" />
          <path d="m7.5 12.5 3 3 6-6.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {CERTIFICATE_GENUINE}
      </h1>
      <dl className="mt-8 grid gap-6 rounded-2xl border border-gray-200 p-6 shadow-sm sm:grid-cols-2 dark:border-gray-800">
        {rows.map((row) => (
          <div key={row.term}>
            <dt className="text-sm font-medium text-gray-600 dark:text-gray-400">{row.term}</dt>
            <dd className="text-lg font-semibold break-words">{row.value}</dd>
          </div>
        ))}
        <div>
          <dt className="text-sm font-medium text-gray-600 dark:text-gray-400">Date</dt>
          <dd className="text-lg font-semibold">
            <time dateTime={certificate.issuedOn}>{formatCalendarDate(certificate.issuedOn)}</time>
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-sm font-medium text-gray-600 dark:text-gray-400">Code</dt>
          <dd className="font-mono text-lg font-semibold">{certificate.code}</dd>
        </div>
      </dl>
      {/* A plain link: the server sends the PDF as an attachment, so the page stays. */}
      <a
        href={paths.certificatePdf(certificate.code)}
        download
        className={buttonClassName({ className: 'mt-8 whitespace-normal' })}
      >
        {DOWNLOAD_CERTIFICATE}
      </a>
    </section>
  );
}
