import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import {
  AWARD_PRIZE_MAX,
  AWARD_TITLE_MAX,
  type AwardWork,
} from '../../../../shared/schemas/results.ts';
import { Button } from '../../../components/button.tsx';
import { borderFor } from '../common/forms/form-fields.tsx';
import { FOCUS_RING } from '../common/shell/admin-page.tsx';
import { CELL, ERROR_TEXT } from './judging-styles.ts';
import { WorkChooser } from './work-chooser.tsx';

/** The titles offered in the list; anything else is 'Other…' with its own words. */
export const STANDARD_TITLES = ['First', 'Second', 'Third', 'Honourable mention'] as const;
export const OTHER = 'other';

/** One award as edited: the work it names, the title chosen (or typed) and the prize. */
export interface AwardDraft {
  /** Stable across moves, for React and the controls' ids. */
  key: string;
  submissionId: string;
  workId: string;
  reference: string;
  artworkTitle: string;
  /** One of STANDARD_TITLES, OTHER, or '' when none is chosen yet. */
  choice: string;
  other: string;
  prize: string;
  /** The entry's works to choose from (several: a chooser; one or none: its title). */
  works: AwardWork[];
}

export type DraftChange = Partial<
  Pick<AwardDraft, 'choice' | 'other' | 'prize' | 'workId' | 'artworkTitle'>
>;

/** A saved or proposed award as a row of the list. */
export function draftOf(award: {
  submissionId: string;
  workId: string;
  reference: string;
  artworkTitle: string;
  title: string;
  prize: string;
  works?: AwardWork[] | undefined;
}): AwardDraft {
  const standard = (STANDARD_TITLES as readonly string[]).includes(award.title);
  return {
    key: award.workId,
    submissionId: award.submissionId,
    workId: award.workId,
    reference: award.reference,
    artworkTitle: award.artworkTitle,
    choice: standard || award.title === '' ? award.title : OTHER,
    other: standard ? '' : award.title,
    prize: award.prize,
    works: award.works ?? [],
  };
}

/** The title the row gives its entry. */
export const titleOf = (draft: AwardDraft) => (draft.choice === OTHER ? draft.other : draft.choice);

/** The id of a row's control, so a message can focus it. */
export const controlId = (base: string, key: string, field: 'title' | 'prize' | 'other') =>
  `${base}-${key}-${field}`;

const CONTROL = `w-full min-w-40 rounded-lg border bg-white px-3 text-base text-gray-900 dark:bg-gray-900 dark:text-gray-50 min-h-11 ${FOCUS_RING}`;

/** A control in a cell: its label for screen readers (the column heading says it to the eye). */
function Labelled({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: (wiring: {
    id: string;
    'aria-invalid'?: true;
    'aria-describedby'?: string;
  }) => ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      {children({
        id,
        ...(error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {}),
      })}
      {error ? (
        <p id={errorId} className={ERROR_TEXT}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Select(props: SelectHTMLAttributes<HTMLSelectElement> & { error: string | undefined }) {
  const { error, ...select } = props;
  return <select className={`${CONTROL} ${borderFor(error)}`} {...select} />;
}

function Input(props: InputHTMLAttributes<HTMLInputElement> & { error: string | undefined }) {
  const { error, ...input } = props;
  return <input type="text" className={`${CONTROL} ${borderFor(error)}`} {...input} />;
}

/** A row of the awards table: the entry, its title and prize, and the buttons that move it. */
export function AwardRow({
  base,
  draft,
  index,
  count,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  base: string;
  draft: AwardDraft;
  index: number;
  count: number;
  /** The server's (or the check's) messages for this row, by field. */
  errors: {
    title?: string | undefined;
    prize?: string | undefined;
    entry?: string | undefined;
    work?: string | undefined;
  };
  onChange: (change: DraftChange) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const name = draft.reference;
  const id = (field: 'title' | 'prize' | 'other') => controlId(base, draft.key, field);
  const other = draft.choice === OTHER;
  const chooser = draft.works.length > 1;
  // Without a chooser, a message about the work is the entry's.
  const entryError = errors.entry ?? (chooser ? undefined : errors.work);
  return (
    <tr>
      <td className={CELL}>{index + 1}</td>
      <th scope="row" className={`${CELL} font-semibold`}>
        {draft.reference}
        {entryError ? <p className={ERROR_TEXT}>{entryError}</p> : null}
      </th>
      <td className={CELL}>
        {chooser ? (
          <WorkChooser
            name={`${base}-${draft.key}-work`}
            reference={name}
            works={draft.works}
            value={draft.workId}
            error={errors.work}
            onChoose={(work) => onChange({ workId: work.id, artworkTitle: work.title })}
          />
        ) : (
          draft.artworkTitle
        )}
      </td>
      <td className={CELL}>
        <Labelled
          id={id(other ? 'other' : 'title')}
          label={`${other ? 'Other title' : 'Award title'} for ${name}`}
          error={errors.title}
        >
          {(wiring) => (
            <div className="flex flex-col gap-2">
              <Select
                {...(other ? { 'aria-label': `Award title for ${name}` } : wiring)}
                id={id('title')}
                error={other ? undefined : errors.title}
                value={draft.choice}
                onChange={(event) => onChange({ choice: event.target.value })}
              >
                {draft.choice === '' ? <option value="">Choose a title</option> : null}
                {STANDARD_TITLES.map((title) => (
                  <option key={title} value={title}>
                    {title}
                  </option>
                ))}
                <option value={OTHER}>Other…</option>
              </Select>
              {other ? (
                <Input
                  {...wiring}
                  error={errors.title}
                  maxLength={AWARD_TITLE_MAX}
                  value={draft.other}
                  onChange={(event) => onChange({ other: event.target.value })}
                />
              ) : null}
            </div>
          )}
        </Labelled>
      </td>
      <td className={CELL}>
        <Labelled id={id('prize')} label={`Prize for ${name}`} error={errors.prize}>
          {(wiring) => (
            <Input
              {...wiring}
              error={errors.prize}
              maxLength={AWARD_PRIZE_MAX}
              value={draft.prize}
              onChange={(event) => onChange({ prize: event.target.value })}
            />
          )}
        </Labelled>
      </td>
      <td className={CELL}>
        <div className="flex flex-wrap gap-2">
          <Button
            id={`${base}-${draft.key}-up`}
            variant="secondary"
            size="sm"
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
          >
            Move up<span className="sr-only"> {name}</span>
          </Button>
          <Button
            id={`${base}-${draft.key}-down`}
            variant="secondary"
            size="sm"
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            Move down<span className="sr-only"> {name}</span>
          </Button>
          <Button id={`${base}-${draft.key}-remove`} variant="outline" size="sm" onClick={onRemove}>
            Remove<span className="sr-only"> {name}</span>
          </Button>
        </div>
      </td>
    </tr>
  );
}
