import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../components/usePageTitle';
import { AuthorSpotlightSection } from './AuthorSpotlightSection';
import { FeaturesSection } from './FeaturesSection';
import { GenreTilesSection } from './GenreTilesSection';
import { HeroSection } from './HeroSection';
import { HowItWorksSection } from './HowItWorksSection';
import { NewsletterSection } from './NewsletterSection';
import { QuoteSection } from './QuoteSection';
import { ReasonsSection } from './ReasonsSection';
import { Reveal } from './Reveal';
import { TestimonialsSection } from './TestimonialsSection';
import { TrendingSection } from './TrendingSection';

/** `/` for signed-out visitors (spec §2); each section lives in its own component. */
export function LandingPage() {
  const { t } = useTranslation();
  usePageTitle(t('landing.pageTitle'));
  return (
    <>
      <HeroSection />
      <Reveal>
        <QuoteSection />
      </Reveal>
      <Reveal>
        <FeaturesSection />
      </Reveal>
      <Reveal>
        <HowItWorksSection />
      </Reveal>
      <Reveal>
        <TrendingSection />
      </Reveal>
      <Reveal>
        <AuthorSpotlightSection />
      </Reveal>
      <Reveal>
        <GenreTilesSection />
      </Reveal>
      <Reveal>
        <ReasonsSection />
      </Reveal>
      <Reveal>
        <TestimonialsSection />
      </Reveal>
      <Reveal>
        <NewsletterSection />
      </Reveal>
    </>
  );
}
