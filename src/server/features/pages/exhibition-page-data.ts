import { publicApiPaths } from '../../../shared/api-paths.ts';
import { IMAGE_SIZES } from '../../../shared/domain/image-sizes.ts';
import {
  exhibitionInPath,
  exhibitionPagePath,
  exhibitionWorkPagePath,
  PAGE_PATHS,
} from '../../../shared/page-paths.ts';
import {
  EXHIBITION_NAME_WITHHELD,
  type PublicExhibition,
  type PublicExhibitionWork,
} from '../../../shared/schemas/exhibition.ts';
import type { Deps } from '../../deps.ts';
import { AppError, envelope } from '../../errors.ts';
import {
  EXHIBITION_NOT_OPEN,
  getExhibitionArchive,
  getPublicExhibition,
  getPublicExhibitionWork,
} from '../exhibitions/exhibitions.service.ts';
import type { PageDescription } from './page-data.ts';

/*
 * The exhibition's pages: the archive, a gallery (schema.org ExhibitionEvent) and a work's page
 * (VisualArtwork, with Open Graph's picture of the work). Their answers are inlined, so the page
 * is drawn whole on the server; an exhibition not opened, or a work not in it, is a 404 page.
 */

export const EXHIBITIONS_PAGE_TITLE = 'Exhibitions';
type Absolute = (path: string) => string;

function artworkLd(
  work: PublicExhibitionWork,
  competitionId: string,
  absolute: Absolute,
): Record<string, unknown> {
  return {
    '@type': 'VisualArtwork',
    name: work.title,
    url: absolute(exhibitionWorkPagePath(competitionId, work.workId)),
    creator: { '@type': 'Person', name: work.artist ?? EXHIBITION_NAME_WITHHELD },
    ...(work.medium ? { artMedium: work.medium } : {}),
    ...(work.size ? { size: work.size } : {}),
    ...(work.image ? { image: absolute(work.image.url) } : {}),
    ...(work.price !== null
      ? { offers: { '@type': 'Offer', price: work.price, priceCurrency: 'INR' } }
      : {}),
  };
}

function exhibitionLd(exhibition: Omit<PublicExhibition, 'works'>, absolute: Absolute) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ExhibitionEvent',
    name: exhibition.title,
    description: exhibition.introduction || undefined,
    url: absolute(exhibitionPagePath(exhibition.competitionId)),
    startDate: exhibition.openedAt,
    ...(exhibition.endsAt ? { endDate: exhibition.endsAt } : {}),
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    location: {
      '@type': 'VirtualLocation',
      url: absolute(exhibitionPagePath(exhibition.competitionId)),
    },
  };
}

function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return '';
  }
}

function notOpen(apiPath: string): PageDescription {
  return {
    status: 404,
    title: EXHIBITION_NOT_OPEN,
    robots: 'noindex',
    api: { [apiPath]: envelope('NOT_FOUND', EXHIBITION_NOT_OPEN) },
  };
}

/** The description of an exhibition page, or undefined for another page. */
export async function describeExhibitionPage(
  deps: Pick<Deps, 'db' | 'log' | 'clock'>,
  pathname: string,
  summarize: (text: string) => string,
): Promise<PageDescription | undefined> {
  const path = pathname.replace(/(.)\/$/, '$1');
  if (path === PAGE_PATHS.exhibitions) {
    return {
      status: 200,
      title: EXHIBITIONS_PAGE_TITLE,
      description: 'Our online exhibitions: the ones open now and the past ones.',
      api: { [publicApiPaths.exhibitions]: await getExhibitionArchive(deps) },
    };
  }
  const ids = exhibitionInPath(path);
  if (!ids) return undefined;
  const competitionId = decoded(ids.competitionId);
  if (ids.workId === undefined) {
    const apiPath = publicApiPaths.exhibition(competitionId);
    let gallery: PublicExhibition;
    try {
      gallery = await getPublicExhibition(deps, competitionId);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) return notOpen(apiPath);
      throw error;
    }
    const cover = gallery.works.find((w) => w.image)?.image ?? null;
    return {
      status: 200,
      title: gallery.title,
      description: summarize(gallery.introduction || `An online exhibition: ${gallery.title}.`),
      image: cover,
      ...(cover ? { preload: { image: cover, sizes: IMAGE_SIZES.card } } : {}),
      jsonLd: (absolute) => [
        {
          ...exhibitionLd(gallery, absolute),
          workFeatured: gallery.works.map((w) => artworkLd(w, competitionId, absolute)),
        },
      ],
      api: { [apiPath]: gallery },
    };
  }
  const workId = decoded(ids.workId);
  const apiPath = publicApiPaths.exhibitionWork(competitionId, workId);
  try {
    const page = await getPublicExhibitionWork(deps, competitionId, workId);
    const { work, exhibition } = page;
    const by = work.artist ?? EXHIBITION_NAME_WITHHELD;
    return {
      status: 200,
      title: `${work.title || 'Untitled'}: ${exhibition.title}`,
      description: summarize([work.title, by, work.medium, work.size].filter(Boolean).join(' · ')),
      image: work.image,
      ogType: 'article',
      ...(work.image ? { preload: { image: work.image, sizes: IMAGE_SIZES.detail } } : {}),
      jsonLd: (absolute) => [
        {
          '@context': 'https://schema.org',
          ...artworkLd(work, competitionId, absolute),
          isPartOf: exhibitionLd(exhibition, absolute),
        },
      ],
      api: { [apiPath]: page },
    };
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return notOpen(apiPath);
    throw error;
  }
}
