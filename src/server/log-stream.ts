import { inspect } from 'node:util';

/*
 * How `npm start` writes its log lines: one JSON object a line (pino's own) for a pipe, a file, a
 * process manager or LOG_FORMAT=json; at a terminal, or with LOG_FORMAT=text, a line a person
 * reads: "14:02:07 INFO  server listening  url=…". The readable lines are made here from pino's
 * JSON, with no dependency a production install might lack (pino-pretty is a devDependency).
 */

export const LOG_FORMATS = ['json', 'text'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** LOG_FORMAT when set; else text at a terminal and JSON anywhere else. */
export function logFormatOf(configured: LogFormat | undefined, isTTY: boolean): LogFormat {
  return configured ?? (isTTY ? 'text' : 'json');
}

const LEVELS: Record<number, [name: string, colour: number]> = {
  10: ['TRACE', 90],
  20: ['DEBUG', 90],
  30: ['INFO ', 32],
  40: ['WARN ', 33],
  50: ['ERROR', 31],
  60: ['FATAL', 31],
};

/** What every line carries and the readable line says otherwise (or not at all). */
const SHOWN_APART = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err', 'req', 'res']);

const pad = (n: number) => String(n).padStart(2, '0');

function valueText(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  return inspect(value, { breakLength: Infinity, depth: 3, compact: true });
}

/** One of pino's JSON lines as a readable line (and an error's stack under it, indented). */
export function formatLogLine(json: string, { colours = false } = {}): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const paint = (code: number, text: string) => (colours ? `\x1b[${code}m${text}\x1b[0m` : text);
  const at = new Date(typeof entry.time === 'number' ? entry.time : Date.now());
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
  const [name, colour] = LEVELS[entry.level as number] ?? ['LOG  ', 0];
  const parts = [`${paint(90, time)} ${paint(colour, name)}`, String(entry.msg ?? '')];
  const req = entry.req as { method?: string; url?: string } | undefined;
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`);
  const res = entry.res as { statusCode?: number } | undefined;
  if (res?.statusCode) parts.push(String(res.statusCode));
  const extras = Object.entries(entry)
    .filter(([key]) => !SHOWN_APART.has(key))
    .map(([key, value]) => `${paint(90, `${key}=`)}${valueText(value)}`);
  let line = [...parts.filter((part) => part !== ''), ...extras].join('  ');
  const err = entry.err as { message?: string; stack?: string } | undefined;
  if (err) {
    const detail = err.stack ?? err.message ?? valueText(err);
    line += `\n${detail
      .split('\n')
      .map((row) => `    ${row}`)
      .join('\n')}`;
  }
  return `${line}\n`;
}

/**
 * A stream for pino that writes each line readably to `destination` (stdout by default),
 * coloured when it is a terminal that allows colour. Written at once: the last lines before an
 * exit are not lost.
 */
export function readableLogStream(
  destination: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
): { write(line: string): void } {
  const colours = destination.isTTY === true && !process.env.NO_COLOR;
  return {
    write(chunk: string) {
      for (const json of chunk.split('\n')) {
        if (json.trim() !== '') destination.write(formatLogLine(json, { colours }));
      }
    },
  };
}
