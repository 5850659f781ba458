import type {
  AdminExhibition,
  AdminExhibitionWork,
} from '../../../../shared/schemas/exhibition.ts';
import { Button } from '../../../components/button.tsx';
import { MUTED_TEXT } from '../common/shell/admin-page.tsx';

/** The chosen works in order (move, remove) and those that may be added. */
export function ExhibitionWorks({
  exhibition,
  busy,
  onChoose,
}: {
  exhibition: AdminExhibition;
  busy: boolean;
  onChoose: (workIds: string[]) => void;
}) {
  const ids = exhibition.works.map((w) => w.workId);
  const moved = (from: number, to: number) => {
    const next = [...ids];
    const [id] = next.splice(from, 1);
    next.splice(to, 0, id as string);
    return next;
  };
  const name = (w: AdminExhibitionWork) =>
    `${w.title || 'Untitled'} (${w.reference}, ${w.consent === 'anonymous' ? 'name withheld' : w.artist})`;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h3 className="mb-2 text-lg font-semibold">Shown, in this order</h3>
        {exhibition.works.length === 0 ? (
          <p className={MUTED_TEXT}>No works chosen yet.</p>
        ) : (
          <ol className="flex flex-col gap-2">
            {exhibition.works.map((work, i) => (
              <li key={work.workId} className="flex flex-wrap items-center gap-2">
                <span className="min-w-0 flex-1">
                  {i + 1}. {name(work)}
                  {work.hasDisplayCopy ? '' : ' (no display copy yet)'}
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={busy || i === 0}
                  aria-label={`Move ${work.title || 'Untitled'} up`}
                  onClick={() => onChoose(moved(i, i - 1))}
                >
                  Up
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={busy || i === ids.length - 1}
                  aria-label={`Move ${work.title || 'Untitled'} down`}
                  onClick={() => onChoose(moved(i, i + 1))}
                >
                  Down
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy}
                  aria-label={`Remove ${work.title || 'Untitled'}`}
                  onClick={() => onChoose(ids.filter((id) => id !== work.workId))}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ol>
        )}
      </div>
      <div>
        <h3 className="mb-2 text-lg font-semibold">May be added</h3>
        <p className={`mb-2 ${MUTED_TEXT}`}>
          Approved works whose artists allow publication; the others are never listed.
        </p>
        {exhibition.available.length === 0 ? (
          <p className={MUTED_TEXT}>None.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {exhibition.available.map((work) => (
              <li key={work.workId} className="flex flex-wrap items-center gap-2">
                <span className="min-w-0 flex-1">{name(work)}</span>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={busy}
                  aria-label={`Add ${work.title || 'Untitled'}`}
                  onClick={() => onChoose([...ids, work.workId])}
                >
                  Add
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
