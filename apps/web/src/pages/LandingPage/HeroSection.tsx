import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Landing hero: 650px tall (700px from 1024px), with the call to action to /login. */
export function HeroSection() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate flex h-[650px] items-center overflow-hidden bg-linear-to-br from-hero-from to-hero-to text-on-hero lg:h-[700px]"
    >
      <HeroShelf />
      <div className="page-container">
        <div className="max-w-2xl">
          <p className="mb-4 inline-flex items-center gap-2 rounded-full border border-on-hero/30 px-3 py-1 text-sm font-medium">
            <span lang="am">{t('app.nameEthiopic')}</span>
            <span aria-hidden="true">·</span>
            {t('landing.hero.eyebrow')}
          </p>
          <h1 id="hero-title" className="text-4xl leading-tight font-semibold sm:text-5xl lg:text-6xl">
            {t('landing.hero.title')}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-on-hero/90 sm:text-xl">{t('landing.hero.subtitle')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/login" className="btn bg-on-hero px-6 text-base text-hero-to hover:bg-white">
              {t('landing.hero.cta')}
            </Link>
            <Link
              to="/books"
              className="btn border border-on-hero/60 px-6 text-base text-on-hero hover:bg-white/10"
            >
              {t('landing.hero.secondary')}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

/** A quiet row of book spines on the right of the hero; purely decorative. */
function HeroShelf() {
  const spines = [
    { h: 78, w: 7, c: '#c98b3c' },
    { h: 92, w: 9, c: '#e7d9bd' },
    { h: 70, w: 6, c: '#7fb7b2' },
    { h: 86, w: 10, c: '#b5533c' },
    { h: 96, w: 8, c: '#f1e6cf' },
    { h: 74, w: 7, c: '#4f8f8a' },
    { h: 88, w: 9, c: '#d7a75b' },
  ];
  let x = 0;
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 80 100"
      className="pointer-events-none absolute right-0 bottom-0 -z-10 hidden h-[70%] opacity-35 sm:block lg:right-[6%] lg:opacity-60"
    >
      {spines.map((spine, index) => {
        const rect = (
          <rect key={index} x={x} y={100 - spine.h} width={spine.w} height={spine.h} rx={1} fill={spine.c} />
        );
        x += spine.w + 1.5;
        return rect;
      })}
    </svg>
  );
}
