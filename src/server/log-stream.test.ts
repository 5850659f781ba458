import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import { stripVTControlCharacters } from 'node:util';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { terminalLogStream } from './log-stream.ts';

/* `npm start` in a terminal prints readable lines; JSON everywhere else. */

describe('where the log lines go', () => {
  it('writes readable lines in development at a terminal', async () => {
    const out = new PassThrough();
    const stream = await terminalLogStream({
      nodeEnv: 'development',
      isTTY: true,
      destination: out,
    });
    if (!stream) throw new Error('no readable stream at a terminal');
    pino({ base: { pid: 1, hostname: 'h' } }, stream).info({ reqId: 'r-1' }, 'server listening');
    out.end();
    // Colours or not, as the terminal running the tests allows.
    const line = stripVTControlCharacters(await text(out));
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: server listening\n {4}reqId: "r-1"\n$/);
  });

  it.each([
    { nodeEnv: 'development', isTTY: false, why: 'a pipe or a file' },
    { nodeEnv: 'production', isTTY: true, why: 'production, at a terminal' },
    { nodeEnv: 'test', isTTY: true, why: 'the tests' },
  ] as const)('keeps JSON for $why', async ({ nodeEnv, isTTY }) => {
    expect(await terminalLogStream({ nodeEnv, isTTY })).toBeUndefined();
  });

  it('keeps JSON when pino-pretty is not installed (a production install without devDependencies)', async () => {
    const missing = Object.assign(new Error("Cannot find package 'pino-pretty'"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    const load = () => Promise.reject(missing);
    expect(await terminalLogStream({ nodeEnv: 'development', isTTY: true, load })).toBeUndefined();
  });
});
