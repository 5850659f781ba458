import { PageSection } from '../../../components/page-heading.tsx';

export default function RegistrationSuccessPage() {
  return <PageSection title="Registration Successful!" />;
}
