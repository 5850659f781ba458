import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { serverFeatureFiles, type SourceFiles } from './feature-files.ts';

/*
 * No cycle between server features, checked per feature, not per file: import-x/no-cycle sees a
 * loop of files, but two features can tangle through different files of each (mail's templates
 * reading submissions while submissions queues mail) without any file closing a loop.
 *
 * Every import counts: `import`, `export ... from`, `import()`, and `import type` too. A type
 * loads no code, but a loop of types still means neither feature can be read, changed or moved
 * without the other; and no cycle needed one to break. Tests are left out, as the lint zones
 * leave them out: a test may set up another feature's rows.
 */

/** Feature -> the other features its files import. */
function featureGraph(files: SourceFiles): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const [file, text] of Object.entries(files)) {
    const feature = file.split('/')[0]!;
    const uses = graph.get(feature) ?? new Set<string>();
    graph.set(feature, uses);
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = path.posix.join(path.posix.dirname(file), fileName);
      if (target.startsWith('..')) continue; // outside the features: db, http, shared
      const other = target.split('/')[0]!;
      if (other !== feature) uses.add(other);
    }
  }
  return graph;
}

/** The groups of features that reach one another (Tarjan's strongly connected components). */
function featureCycles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (feature: string) => {
    index.set(feature, index.size);
    low.set(feature, index.get(feature)!);
    stack.push(feature);
    for (const other of graph.get(feature) ?? []) {
      if (!index.has(other)) {
        visit(other);
        low.set(feature, Math.min(low.get(feature)!, low.get(other)!));
      } else if (stack.includes(other)) {
        low.set(feature, Math.min(low.get(feature)!, index.get(other)!));
      }
    }
    if (low.get(feature) !== index.get(feature)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      group.push(member);
    } while (member !== feature);
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const feature of [...graph.keys()].sort()) if (!index.has(feature)) visit(feature);
  return cycles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

describe('server features import each other without a cycle', () => {
  const graph = featureGraph(serverFeatureFiles());

  it('reads the real imports', () => {
    expect(graph.get('submissions')).toContain('mail');
    expect(graph.get('results')).toContain('jury');
    expect(graph.get('demo')?.size).toBeGreaterThan(3);
  });

  it('has no cycle', () => {
    expect(featureCycles(graph)).toEqual([]);
  });

  it('imports the demo from no feature (it seeds through the others)', () => {
    const importers = [...graph].filter(([, uses]) => uses.has('demo')).map(([f]) => f);
    expect(importers).toEqual([]);
  });
});

describe('the cycle check, on sample files', () => {
  it('finds two features that import each other, a type import counting', () => {
    const graph = featureGraph({
      'mail/email-templates.service.ts':
        "import { x } from '../submissions/submissions.service.ts';",
      'submissions/registration.ts': "import type { Y } from '../mail/mail.service.ts';",
    });
    expect(featureCycles(graph)).toEqual([['mail', 'submissions']]);
  });

  it('finds a cycle through three features, closed by a re-export or an import()', () => {
    const graph = featureGraph({
      'competitions/details.ts': "export { renderMarkdown } from '../pages/pages.service.ts';",
      'pages/page-data.ts': "import { f } from '../submissions/submissions.service.ts';",
      'submissions/save.ts': "const c = () => import('../competitions/competitions.service.ts');",
      'audit/audit.service.ts': '',
    });
    expect(featureCycles(graph)).toEqual([['competitions', 'pages', 'submissions']]);
  });

  it('finds none in a chain, nor in imports within a feature or outside the features', () => {
    const graph = featureGraph({
      'media/storage/storage.ts': "import { a } from '../../audit/audit.service.ts';",
      'media/media.service.ts': "export { b } from './storage/storage.ts';",
      'audit/audit.service.ts': "import type { DB } from '../../db/schema.ts';",
      'banners/banners.service.ts': "import { c } from '../media/media.service.ts';",
      'categories/x.ts': "// import { d } from '../banners/banners.service.ts';",
    });
    expect(graph.get('media')).toEqual(new Set(['audit']));
    expect(graph.get('categories')).toEqual(new Set());
    expect(featureCycles(graph)).toEqual([]);
  });
});
