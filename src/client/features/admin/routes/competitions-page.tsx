import { LaterPage } from './later-page.tsx';

export default function CompetitionsPage() {
  return <LaterPage title="Competitions" />;
}
