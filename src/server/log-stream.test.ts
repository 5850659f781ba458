import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { formatLogLine, logFormatOf, readableLogStream } from './log-stream.ts';
import { startBanner, startLines } from './start-banner.ts';

/* `npm start` at a terminal prints readable lines; JSON everywhere else (main.test.ts runs it). */

describe('the log format', () => {
  it.each([
    [undefined, true, 'text'],
    [undefined, false, 'json'],
    ['json', true, 'json'],
    ['text', false, 'text'],
  ] as const)('LOG_FORMAT %s, at a terminal %s: %s', (configured, isTTY, format) => {
    expect(logFormatOf(configured, isTTY)).toBe(format);
  });
});

describe('a readable log line', () => {
  it('is the time, the level, the message, the request and the other fields', async () => {
    const out = new PassThrough();
    const logger = pino({ base: { pid: 1, hostname: 'h' } }, readableLogStream(out));
    logger.info({ reqId: 'r-1', req: { method: 'GET', url: '/api/health' } }, 'request completed');
    logger.warn({ key: 'a b', attempts: 2 }, 'a picture job failed');
    out.end();
    const lines = (await text(out)).split('\n');
    expect(lines[0]).toMatch(
      /^\d\d:\d\d:\d\d INFO {3}request completed {2}GET \/api\/health {2}reqId=r-1$/,
    );
    expect(lines[1]).toMatch(
      /^\d\d:\d\d:\d\d WARN {3}a picture job failed {2}key="a b" {2}attempts=2$/,
    );
  });

  it('puts an error’s stack under its line, indented', () => {
    const err = { type: 'Error', message: 'boom', stack: 'Error: boom\n    at here' };
    const line = formatLogLine(JSON.stringify({ level: 50, time: 0, msg: 'failed', err }));
    expect(line).toMatch(/^\d\d:\d\d:\d\d ERROR {2}failed\n {4}Error: boom\n {8}at here\n$/);
  });

  it('passes a line that is not JSON through as it is', () => {
    expect(formatLogLine('plain words')).toBe('plain words\n');
  });
});

describe('what a start tells', () => {
  const facts = {
    url: 'http://localhost:3000',
    generatedAdminPassword: 'k3y-Generated_pass',
    demoJurors: ['juror1', 'juror2', 'juror3'],
  };

  it('at a terminal: a short banner with the address, the password and the demo jurors', () => {
    expect(startBanner(facts)).toBe(
      [
        '',
        '  White Stroke is running at http://localhost:3000',
        '',
        '  Admin        http://localhost:3000/admin',
        '               username admin, password k3y-Generated_pass',
        '               shown only this once: you will be asked to change it',
        '  Demo jurors  juror1, juror2, juror3 at http://localhost:3000/jury',
        '               password: DEMO_JUROR_PASSWORD',
        '',
      ].join('\n'),
    );
    expect(startBanner({ ...facts, generatedAdminPassword: undefined, demoJurors: [] })).toBe(
      '\n  White Stroke is running at http://localhost:3000\n',
    );
  });

  it('as log lines: the same facts, one a line', () => {
    expect(startLines(facts)).toEqual([
      'White Stroke is running at http://localhost:3000',
      'Created the admin account "admin" with the password: k3y-Generated_pass (shown only this once: sign in at http://localhost:3000/admin and change it)',
      'Demo jurors juror1, juror2, juror3 sign in at http://localhost:3000/jury with DEMO_JUROR_PASSWORD',
    ]);
  });
});
