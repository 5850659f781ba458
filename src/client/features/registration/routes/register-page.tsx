import { Navigate, useSearchParams } from 'react-router';
import { PageSection } from '../../../components/page-heading.tsx';
import { paths } from '../../../config/paths.ts';

/** Seed §2: the form needs ?competition={id}; without it the visitor goes home. */
export default function RegisterPage() {
  const [params] = useSearchParams();
  if (!params.get('competition')) return <Navigate to={paths.home} replace />;
  return <PageSection title="Register" />;
}
