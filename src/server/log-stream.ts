import type PinoPretty from 'pino-pretty';
import type { Config } from './config.ts';

type PrettyModule = { default: typeof PinoPretty };

/**
 * Where `npm start` writes its log lines: readable ones (pino-pretty) for a person at a terminal
 * in development; undefined, meaning pino's JSON on stdout, for tests, pipes and production.
 * pino-pretty is a devDependency that a production install may lack: then the lines stay JSON.
 */
export async function terminalLogStream(options: {
  nodeEnv: Config['nodeEnv'];
  isTTY: boolean;
  /** Where the readable lines go; stdout unless a test says otherwise. */
  destination?: NodeJS.WritableStream;
  load?: () => Promise<PrettyModule>;
}): Promise<NodeJS.WritableStream | undefined> {
  if (!options.isTTY || options.nodeEnv !== 'development') return undefined;
  let pretty: PrettyModule;
  try {
    pretty = await (options.load ?? (() => import('pino-pretty')))();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') return undefined;
    throw error;
  }
  return pretty.default({
    ignore: 'pid,hostname',
    translateTime: 'SYS:HH:MM:ss',
    // Written at once: the last lines before an exit are not lost.
    sync: true,
    ...(options.destination ? { destination: options.destination } : {}),
  });
}
