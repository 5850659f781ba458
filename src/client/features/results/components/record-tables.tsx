import type { ReactNode } from 'react';
import type {
  JudgingRecord,
  RankingRoundRecord,
  ScoreRoundRecord,
} from '../../../../shared/schemas/judging-record.ts';

/*
 * The judging record's tables, readable: each with a caption, column headers and a header cell
 * per row. A wide table scrolls inside a frame that takes the keyboard's focus, so it can be
 * scrolled without a pointer.
 */

const CELL = 'border border-gray-300 px-3 py-2 text-left align-top dark:border-gray-700';
const HEAD = `${CELL} bg-gray-100 font-semibold dark:bg-gray-800`;
const NUMBER = `${CELL} text-right tabular-nums`;

const fixed = (value: number, digits: number) => value.toFixed(digits);

/** A captioned table in a frame that scrolls sideways on a phone. */
export function RecordTable({
  caption,
  head,
  children,
}: {
  caption: string;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="mt-4 max-w-full overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
    >
      <table className="border-collapse text-sm">
        <caption className="mb-2 text-left text-base font-semibold">{caption}</caption>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

const Col = ({ children }: { children: ReactNode }) => (
  <th scope="col" className={HEAD}>
    {children}
  </th>
);
const Row = ({ children }: { children: ReactNode }) => (
  <th scope="row" className={HEAD}>
    {children}
  </th>
);

/** Which work each key is: its title, or that the artist chose not to be shown. */
export function WorksTable({ record }: { record: JudgingRecord }) {
  return (
    <RecordTable
      caption="The works and their titles"
      head={[<Col key="k">Work</Col>, <Col key="t">Title</Col>]}
    >
      {record.works.map((w) => (
        <tr key={w.key}>
          <Row>{w.key}</Row>
          <td className={CELL}>{w.title ?? 'Not shown, at the artist’s request'}</td>
        </tr>
      ))}
    </RecordTable>
  );
}

export function ScoreRoundTables({
  round,
  record,
}: {
  round: ScoreRoundRecord;
  record: JudgingRecord;
}) {
  const n = round.number;
  return (
    <>
      <RecordTable
        caption={`Round ${n}: every score`}
        head={[
          <Col key="w">Work</Col>,
          <Col key="j">Juror</Col>,
          ...record.criteria.map((c) => (
            <Col key={c.name}>{`${c.name} (${c.scaleMin}–${c.scaleMax}, weight ${c.weight})`}</Col>
          )),
          <Col key="s">Weighted (0–100)</Col>,
        ]}
      >
        {round.sheets.map((s) => (
          <tr key={`${s.work}-${s.juror}`}>
            <Row>{s.work}</Row>
            <td className={CELL}>{s.juror}</td>
            {s.scores.map((score, i) => (
              <td key={record.criteria[i]?.name ?? i} className={NUMBER}>
                {score ?? '–'}
              </td>
            ))}
            <td className={NUMBER}>{fixed(s.weighted, 2)}</td>
          </tr>
        ))}
      </RecordTable>
      <RecordTable
        caption={`Round ${n}: each juror's mean and spread (the normalisation)`}
        head={[
          <Col key="j">Juror</Col>,
          <Col key="m">Mean</Col>,
          <Col key="s">Standard deviation</Col>,
        ]}
      >
        {round.jurors.map((j) => (
          <tr key={j.juror}>
            <Row>{j.juror}</Row>
            <td className={NUMBER}>{fixed(j.mean, 3)}</td>
            <td className={NUMBER}>{fixed(j.sd, 3)}</td>
          </tr>
        ))}
      </RecordTable>
      <RecordTable
        caption={`Round ${n}: standings, best first`}
        head={[
          <Col key="p">Place</Col>,
          <Col key="w">Work</Col>,
          <Col key="m">Weighted mean</Col>,
          <Col key="z">Normalised mean</Col>,
          <Col key="j">Normalised scores (z)</Col>,
        ]}
      >
        {round.standings.map((s, i) => (
          <tr key={s.work}>
            <td className={NUMBER}>{i + 1}</td>
            <Row>{s.work}</Row>
            <td className={NUMBER}>{fixed(s.weightedMean, 2)}</td>
            <td className={NUMBER}>{fixed(s.normalisedMean, 3)}</td>
            <td className={CELL}>
              {s.byJuror.map((j) => `${j.juror}: ${fixed(j.z, 3)}`).join('; ')}
            </td>
          </tr>
        ))}
      </RecordTable>
    </>
  );
}

/** A square table of the candidates: row X, column Y. */
function Matrix({
  caption,
  candidates,
  table,
}: {
  caption: string;
  candidates: string[];
  table: Record<string, Record<string, number>>;
}) {
  return (
    <RecordTable
      caption={caption}
      head={[
        <td key="corner" className={CELL} />,
        ...candidates.map((c) => <Col key={c}>{c}</Col>),
      ]}
    >
      {candidates.map((a) => (
        <tr key={a}>
          <Row>{a}</Row>
          {candidates.map((b) => (
            <td key={b} className={NUMBER}>
              {a === b ? '–' : (table[a]?.[b] ?? 0)}
            </td>
          ))}
        </tr>
      ))}
    </RecordTable>
  );
}

export function RankingRoundTables({ round }: { round: RankingRoundRecord }) {
  const n = round.number;
  return (
    <>
      <RecordTable
        caption={`Round ${n}: the ballots, best first`}
        head={[<Col key="j">Juror</Col>, <Col key="r">Ranking</Col>, <Col key="c">Could rank</Col>]}
      >
        {round.ballots.map((b) => (
          <tr key={b.juror}>
            <Row>{b.juror}</Row>
            <td className={CELL}>{b.ranking.join(' › ')}</td>
            <td className={CELL}>{b.judged.join(', ')}</td>
          </tr>
        ))}
      </RecordTable>
      <Matrix
        caption={`Round ${n}: pairwise preferences d (ballots ranking the row above the column)`}
        candidates={round.candidates}
        table={round.pairwise}
      />
      <Matrix
        caption={`Round ${n}: strongest paths p (row to column)`}
        candidates={round.candidates}
        table={round.strongest}
      />
      <RecordTable
        caption={`Round ${n}: the order and its tie-breaks`}
        head={[
          <Col key="p">Place</Col>,
          <Col key="w">Work</Col>,
          <Col key="m">Previous normalised mean</Col>,
          <Col key="e">Entered order</Col>,
          <Col key="t">Tie broken by</Col>,
        ]}
      >
        {round.order.map((o) => {
          const tie = round.tieBreaks.find((t) => t.work === o.work);
          const mean = tie?.previousNormalisedMean;
          return (
            <tr key={o.work}>
              <td className={NUMBER}>{o.place}</td>
              <Row>{o.work}</Row>
              <td className={NUMBER}>
                {mean === null || mean === undefined ? '–' : fixed(mean, 3)}
              </td>
              <td className={NUMBER}>{tie?.enteredOrder ?? '–'}</td>
              <td className={CELL}>{o.tieBrokenBy}</td>
            </tr>
          );
        })}
      </RecordTable>
    </>
  );
}
