import { describe, expect, it } from 'vitest';
import {
  certificatePagePath,
  competitionIdInPath,
  competitionPagePath,
  competitionResultsPath,
  isCertificatePath,
  isServerRenderedPath,
  judgingRecordPath,
  PAGE_PATHS,
  pageRoutePatterns,
  recordCompetitionIdInPath,
  resultsCompetitionIdInPath,
} from './page-paths.ts';

describe('page paths', () => {
  it('lists every page and the admin and jury areas as the routes the server answers with the app', () => {
    expect(pageRoutePatterns()).toEqual(
      expect.arrayContaining([
        PAGE_PATHS.home,
        PAGE_PATHS.competition,
        '/admin/*',
        PAGE_PATHS.jury,
        '/jury/*',
      ]),
    );
    expect(pageRoutePatterns()).toHaveLength(Object.keys(PAGE_PATHS).length + 2);
  });

  it("reads back the competition id a competition page's address names", () => {
    const path = competitionPagePath('a b/c');
    expect(path).toBe('/competition/a%20b%2Fc');
    expect(competitionIdInPath(path)).toBe('a%20b%2Fc');
    expect(competitionIdInPath(`${path}/`)).toBe('a%20b%2Fc');
    expect(competitionIdInPath('/competition/')).toBeUndefined();
    expect(competitionIdInPath('/competition/x/y')).toBeUndefined();
    expect(competitionIdInPath('/about')).toBeUndefined();
  });

  it("reads back the competition id a results page's address names, and knows a certificate's page", () => {
    const path = competitionResultsPath('a b/c');
    expect(path).toBe('/competition/a%20b%2Fc/results');
    expect(resultsCompetitionIdInPath(path)).toBe('a%20b%2Fc');
    expect(resultsCompetitionIdInPath(`${path}/`)).toBe('a%20b%2Fc');
    expect(competitionIdInPath(path)).toBeUndefined();
    expect(resultsCompetitionIdInPath('/competition/x')).toBeUndefined();
    expect(certificatePagePath('K7QX-3MPA-9TZD')).toBe('/certificates/K7QX-3MPA-9TZD');
    expect(isCertificatePath('/certificates/K7QX-3MPA-9TZD')).toBe(true);
    expect(isCertificatePath('/certificates/')).toBe(false);
    expect(isCertificatePath('/certificates/a/b')).toBe(false);
  });

  it("reads back the competition id a judging record page's address names; the server draws it", () => {
    const path = judgingRecordPath('a b/c');
    expect(path).toBe('/competition/a%20b%2Fc/results/record');
    expect(recordCompetitionIdInPath(path)).toBe('a%20b%2Fc');
    expect(recordCompetitionIdInPath(`${path}/`)).toBe('a%20b%2Fc');
    expect(resultsCompetitionIdInPath(path)).toBeUndefined();
    expect(recordCompetitionIdInPath('/competition/x/results')).toBeUndefined();
    expect(isServerRenderedPath(path)).toBe(true);
  });
});
