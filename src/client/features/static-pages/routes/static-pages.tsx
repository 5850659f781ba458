import { ButtonLink } from '../../../components/button.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { paths } from '../../../config/paths.ts';
import { useStaticPage } from '../api/pages.ts';
import { useSettings } from '../../../lib/settings.tsx';
import { EmailAddress } from '../../../components/email-address.tsx';

/**
 * A page whose text the admins write in Markdown (site settings). The server renders it with raw
 * HTML turned off, so what arrives here is safe to insert.
 */
function MarkdownPage({ slug, title }: { slug: string; title: string }) {
  const { data, error, retry } = useStaticPage(slug);
  return (
    <PageSection title={title}>
      {data ? (
        <div className="markdown" dangerouslySetInnerHTML={{ __html: data.html }} />
      ) : error ? (
        <div role="alert" className="flex flex-col items-start gap-4">
          <p>{error.message}</p>
          <button type="button" onClick={retry} className="font-semibold underline">
            Try again
          </button>
        </div>
      ) : (
        <p role="status">Loading…</p>
      )}
    </PageSection>
  );
}

export function AboutPage() {
  return <MarkdownPage slug="about" title="About Us" />;
}

export function PrivacyPage() {
  return <MarkdownPage slug="privacy" title="Privacy Policy" />;
}

export function TermsPage() {
  return <MarkdownPage slug="terms" title="Terms and Conditions" />;
}

export function RazorpayPolicyPage() {
  return <MarkdownPage slug="razorpay-policy" title="Razorpay Policy" />;
}

/** Seed §1: contact details plus an embedded map, both from the site settings. */
export function ContactPage() {
  const { contact, mapEmbedUrl, title } = useSettings();
  const hasDetails = Boolean(contact.email || contact.phone || contact.address);
  return (
    <PageSection title="Contact Us">
      <p>We would love to hear from you: questions about a competition, your entry or a payment.</p>
      {hasDetails ? (
        <dl className="grid gap-6 sm:grid-cols-3">
          {contact.email ? (
            <div>
              <dt className="font-semibold">Email</dt>
              <dd>
                <a className="break-words underline" href={`mailto:${contact.email}`}>
                  <EmailAddress address={contact.email} />
                </a>
              </dd>
            </div>
          ) : null}
          {contact.phone ? (
            <div>
              <dt className="font-semibold">Phone</dt>
              <dd>
                <a className="underline" href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>
                  {contact.phone}
                </a>
              </dd>
            </div>
          ) : null}
          {contact.address ? (
            <div>
              <dt className="font-semibold">Address</dt>
              <dd className="whitespace-pre-line">{contact.address}</dd>
            </div>
          ) : null}
        </dl>
      ) : (
        <p>Our contact details will be published here soon.</p>
      )}
      {mapEmbedUrl ? (
        <iframe
          src={mapEmbedUrl}
          title={`Map: ${title}`}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          className="aspect-[4/3] w-full rounded-xl border border-gray-200 sm:aspect-video dark:border-gray-800"
        />
      ) : null}
      <ButtonLink to={paths.featuredOnHome} variant="outline">
        View Competitions
      </ButtonLink>
    </PageSection>
  );
}
