import { PageSection } from '../../../components/page-heading.tsx';
import { useSettings } from '../../../lib/settings.tsx';

// Headings for now; the editable Markdown texts arrive with the public-site work.

export function AboutPage() {
  const { title, description } = useSettings();
  return (
    <PageSection title="About Us">
      <p>
        {title}: {description}.
      </p>
    </PageSection>
  );
}

export function ContactPage() {
  return <PageSection title="Contact Us" />;
}

export function PrivacyPage() {
  return <PageSection title="Privacy Policy" />;
}

export function TermsPage() {
  return <PageSection title="Terms and Conditions" />;
}

export function RazorpayPolicyPage() {
  return <PageSection title="Razorpay Policy" />;
}
