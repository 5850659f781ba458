import { FIRST_ADMIN_USERNAME } from './features/auth/admin-bootstrap.ts';
import { DEMO_JURORS } from './features/demo/demo-judging.ts';
import type { InitializeResult } from './initialize.ts';

/*
 * What `npm start` tells the person who started it once the server listens: where it is, the
 * admin password it generated (only then, once), and the demo jurors it made. A short banner at a
 * terminal; the same facts as log lines otherwise.
 */

export interface StartFacts {
  url: string;
  generatedAdminPassword: string | undefined;
  demoJurors: string[];
}

export function startFacts(url: string, result: InitializeResult): StartFacts {
  return {
    url,
    generatedAdminPassword: result.generatedAdminPassword,
    demoJurors: result.seededDemoJury ? DEMO_JURORS.map((juror) => juror.username) : [],
  };
}

/** The facts as sentences, one a line (the JSON log's messages). */
export function startLines(facts: StartFacts): string[] {
  const lines = [`White Stroke is running at ${facts.url}`];
  if (facts.generatedAdminPassword) {
    lines.push(
      `Created the admin account "${FIRST_ADMIN_USERNAME}" with the password: ${facts.generatedAdminPassword} ` +
        `(shown only this once: sign in at ${facts.url}/admin and change it)`,
    );
  }
  if (facts.demoJurors.length > 0) {
    lines.push(
      `Demo jurors ${facts.demoJurors.join(', ')} sign in at ${facts.url}/jury with DEMO_JUROR_PASSWORD`,
    );
  }
  return lines;
}

/** The banner at a terminal: a blank line, the facts lined up, a blank line. */
export function startBanner(facts: StartFacts): string {
  const rows: [string, string][] = [];
  if (facts.generatedAdminPassword) {
    rows.push(
      ['Admin', `${facts.url}/admin`],
      ['', `username ${FIRST_ADMIN_USERNAME}, password ${facts.generatedAdminPassword}`],
      ['', 'shown only this once: you will be asked to change it'],
    );
  }
  if (facts.demoJurors.length > 0) {
    rows.push(
      ['Demo jurors', `${facts.demoJurors.join(', ')} at ${facts.url}/jury`],
      ['', 'password: DEMO_JUROR_PASSWORD'],
    );
  }
  const width = Math.max(0, ...rows.map(([label]) => label.length));
  const body = rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`.trimEnd());
  const head = `  White Stroke is running at ${facts.url}`;
  return ['', head, ...(body.length > 0 ? ['', ...body] : []), ''].join('\n');
}
