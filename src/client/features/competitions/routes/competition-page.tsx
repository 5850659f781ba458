import { useParams } from 'react-router';
import { PageSection } from '../../../components/page-heading.tsx';

export default function CompetitionPage() {
  const { id } = useParams();
  return <PageSection title="Competition" key={id} />;
}
