import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AdminCompetition } from '../../../../shared/schemas/competition.ts';
import { Button } from '../../../components/button.tsx';
import { paths } from '../../../config/paths.ts';
import { SelectField } from './forms/form-fields.tsx';
import { MUTED_TEXT, TEXT_LINK } from './shell/admin-page.tsx';

/**
 * Which competition a screen shows (judging, votes): a select and a button rather than a select
 * that navigates as it changes, since moving through the options with the keyboard must not
 * leave the page (WCAG 3.2.2). With no competition yet, it says where to add one.
 */
export function CompetitionPicker({
  competitions,
  chosen,
  pathOf,
  actionLabel,
}: {
  competitions: AdminCompetition[];
  chosen: string | undefined;
  /** The screen's address for a competition. */
  pathOf: (competitionId: string) => string;
  actionLabel: string;
}) {
  const navigate = useNavigate();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('competition');
    if (typeof value === 'string' && value !== '') void navigate(pathOf(value));
  };
  if (competitions.length === 0) {
    return (
      <p className={MUTED_TEXT}>
        There are no competitions yet.{' '}
        <Link to={paths.adminCompetitions} className={TEXT_LINK}>
          Add one
        </Link>{' '}
        first.
      </p>
    );
  }
  return (
    <form
      onSubmit={onSubmit}
      aria-label="Choose a competition"
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <SelectField
        key={chosen}
        name="competition"
        label="Competition"
        className="sm:w-96"
        defaultValue={chosen ?? ''}
        placeholder="Choose a competition"
        options={competitions.map((c) => ({ value: c.id, label: c.title }))}
      />
      <Button type="submit" variant="secondary">
        {actionLabel}
      </Button>
    </form>
  );
}
