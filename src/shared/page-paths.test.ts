import { describe, expect, it } from 'vitest';
import {
  competitionIdInPath,
  competitionPagePath,
  PAGE_PATHS,
  pageRoutePatterns,
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
});
