import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { CompetitionDetail } from '../../competitions/components/competition-detail.tsx';
import { useAdminQuery } from '../common/admin-query.tsx';
import { ResourceView } from '../common/resource-view.tsx';
import { FOCUS_RING, Notice } from '../common/shell/admin-page.tsx';
import { competitionPreviewQuery } from './api/competitions.ts';

export const DRAFT_BANNER = 'Draft — only admins can see this';

/** A competition's page as visitors will see it, for the admin; a draft says it is one. */
export default function CompetitionPreviewPage() {
  const { id = '' } = useParams();
  const competition = useAdminQuery(competitionPreviewQuery(id));
  return (
    <div className="flex flex-col gap-4">
      <Link to={paths.adminCompetitions} className={`self-start underline ${FOCUS_RING}`}>
        Back to competitions
      </Link>
      <ResourceView resource={competition}>
        {(data) => (
          <>
            {data.stage === 'draft' ? <Notice>{DRAFT_BANNER}</Notice> : null}
            <CompetitionDetail competition={data} />
          </>
        )}
      </ResourceView>
    </div>
  );
}
