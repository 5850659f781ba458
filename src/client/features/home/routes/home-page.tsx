import { ButtonLink } from '../../../components/button.tsx';
import { paths } from '../../../config/paths.ts';
import { usePageTitle, useSettings } from '../../../lib/settings.tsx';

export default function HomePage() {
  const { title, description } = useSettings();
  usePageTitle();
  return (
    <>
      <section className="bg-gradient-to-br from-gray-950 via-gray-900 to-primary px-4 pt-32 pb-20 text-white">
        <div className="mx-auto max-w-4xl text-center">
          <h1 className="text-4xl font-bold sm:text-6xl">{title}</h1>
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
              Learn More
            </ButtonLink>
          </div>
        </div>
      </section>
      <section
        id="featured"
        aria-labelledby="featured-heading"
        className="mx-auto max-w-7xl px-4 py-16"
      >
        <h2 id="featured-heading" className="text-3xl font-bold">
          Featured Competitions
        </h2>
      </section>
    </>
  );
}
