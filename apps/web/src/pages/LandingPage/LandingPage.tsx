import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../components/usePageTitle';
import { FeaturesSection } from './FeaturesSection';
import { HeroSection } from './HeroSection';

/** `/` for signed-out visitors; each section lives in its own component. */
export function LandingPage() {
  const { t } = useTranslation();
  usePageTitle(t('landing.pageTitle'));
  return (
    <>
      <HeroSection />
      <FeaturesSection />
    </>
  );
}
