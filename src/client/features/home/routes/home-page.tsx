import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useHomeData } from '../api/home.ts';
import { usePageTitle, useSettings } from '../../../lib/settings.tsx';
import { useReducedMotion } from '../../../lib/use-reduced-motion.ts';
import { BannerSlideshow } from '../components/banner-slideshow.tsx';
import { FeatureTiles } from '../components/feature-tiles.tsx';
import { FEATURED_SECTION_ID, FeaturedCompetitions } from '../components/featured-competitions.tsx';
import { LatestResults } from '../components/latest-results.tsx';
import { ParticleCanvas } from '../components/particle-canvas.tsx';
import { ScrollHint } from '../components/scroll-hint.tsx';
import { TimeRemaining } from '../components/time-remaining.tsx';
import { VideoFacade } from '../components/video-facade.tsx';

/** Seed §2 "Home": hero with banners, countdown, featured list, video, 'Why Choose Us'. */
export default function HomePage() {
  const { title, description, youtubeVideoId, heroImage } = useSettings();
  usePageTitle();
  const { competitions, categories, banners, latestResults } = useHomeData();
  useScrollToFeaturedOnRequest();

  return (
    <>
      <BannerSlideshow banners={banners.data ?? []} heroImage={heroImage}>
        <ParticleCanvas />
        <div className="relative mx-auto max-w-4xl px-4 py-16 text-center">
          <h1 className="text-4xl font-bold text-balance sm:text-6xl">{title}</h1>
          <p className="mt-6 text-lg text-gray-100 sm:text-xl">{description}</p>
          <div className="mt-10 flex flex-wrap justify-center gap-4">
            <ButtonLink to={paths.contact} size="lg" className="bg-white !text-gray-900">
              Contact Us
            </ButtonLink>
            <ButtonLink
              to={paths.about}
              size="lg"
              variant="outline"
              className="!text-white hover:bg-white/10"
            >
              {/* The seed's label, with a name that still says where it leads out of context. */}
              Learn More<span className="sr-only"> about us</span>
            </ButtonLink>
          </div>
          <ScrollHint targetId={FEATURED_SECTION_ID} className="mt-12 inline-flex" />
        </div>
      </BannerSlideshow>
      <TimeRemaining competitions={competitions.data ?? []} />
      <FeaturedCompetitions
        competitions={competitions.data}
        categories={categories.data ?? []}
        failed={competitions.error !== undefined}
        onRetry={competitions.retry}
      />
      <LatestResults results={latestResults.data} />
      <VideoFacade videoId={youtubeVideoId} />
      <FeatureTiles />
    </>
  );
}

/** Seed §2: `?scrollToFeatured=true` (from 'View More Competitions') brings the list into view. */
function useScrollToFeaturedOnRequest(): void {
  const [params] = useSearchParams();
  const requested = params.get('scrollToFeatured') === 'true';
  const reducedMotion = useReducedMotion();
  useEffect(() => {
    if (!requested) return;
    const section = document.getElementById(FEATURED_SECTION_ID);
    section?.scrollIntoView({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' });
    section?.focus({ preventScroll: true });
    // Only on arrival: later renders (typing in the search) must not pull the page back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requested]);
}
