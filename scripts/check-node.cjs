// Runs before `npm install` and `npm start` on whatever Node the machine has, so it is plain
// CommonJS: on an older Node the project's TypeScript would die with a stack trace about an
// unknown '.ts' extension instead of saying what is needed.
'use strict';

// package.json's engines say the same; react-router 8.5 needs 22.22.
const REQUIRED = [22, 22];

/** The one line to print for this Node version, or undefined when it is new enough. */
function nodeVersionProblem(version) {
  const [major, minor] = String(version).split('.').map(Number);
  if (major > REQUIRED[0] || (major === REQUIRED[0] && minor >= REQUIRED[1])) return undefined;
  return (
    `White Stroke needs Node.js ${REQUIRED.join('.')} or newer (24 recommended); this is Node ${version}. ` +
    'Install Node 24 from https://nodejs.org or with a version manager (nvm install 24), then run this again.'
  );
}

module.exports = { nodeVersionProblem };

if (require.main === module) {
  const problem = nodeVersionProblem(process.versions.node);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
