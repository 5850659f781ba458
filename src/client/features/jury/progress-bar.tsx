/**
 * How far a juror is: '12 of 40 scored' (or, on a ranking ballot, '3 of 8 ranked') as text, and
 * as a bar for those who see it.
 */
export function ProgressBar({
  done,
  total,
  label,
  verb = 'scored',
}: {
  done: number;
  total: number;
  label: string;
  verb?: 'scored' | 'ranked';
}) {
  const text = `${done} of ${total} ${verb}`;
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm font-medium">{text}</p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-gray-200 dark:bg-gray-700"
      >
        <div
          className="h-full rounded-full bg-primary motion-safe:transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
