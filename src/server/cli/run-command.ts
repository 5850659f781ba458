import { ConfigError } from '../config.ts';

/**
 * Runs a command-line tool's `run` with the process's arguments and sets its exit code: what
 * `run` answers, or 1 when it throws, with one line per problem and never a stack trace (a bad
 * configuration names each bad variable).
 */
export async function runCommand(run: (args: string[]) => Promise<number> | number): Promise<void> {
  try {
    process.exitCode = await run(process.argv.slice(2));
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const problem of error.problems) console.error(`Invalid configuration: ${problem}`);
    } else {
      console.error((error as Error).message);
    }
    process.exitCode = 1;
  }
}
