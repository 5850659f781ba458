/*
 * Stands in for the samples of promises.test.ts: the type-aware rules lint only files of the
 * TypeScript project, so their samples are linted as if they were this file.
 */
export {};
