import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookOpenIcon, ListIcon, PenIcon, ShieldIcon, SparkIcon, UsersIcon } from '../../components/icons';
import { PageFrame } from '../../components/PageFrame';

const OFFERINGS = [
  { key: 'discover', icon: BookOpenIcon },
  { key: 'recommendations', icon: SparkIcon },
  { key: 'readingList', icon: ListIcon },
  { key: 'reviews', icon: PenIcon },
  { key: 'clubs', icon: UsersIcon },
  { key: 'languages', icon: ShieldIcon },
] as const;

const TEAM_ROLES = ['product', 'engineering', 'editorial', 'community', 'translation'] as const;

/** `/aboutus`: story, vision, offerings and team. */
export function AboutUsPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('about.title')} description={t('about.lead')} eyebrow={t('about.eyebrow')}>
      <div className="grid gap-10 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="about-story" className="prose-copy max-w-prose">
          <h2 id="about-story" className="mb-3 text-2xl font-semibold">
            {t('about.story.title')}
          </h2>
          <p>{t('about.story.p1')}</p>
          <p>{t('about.story.p2')}</p>
          <p>{t('about.story.p3')}</p>
        </section>
        <section aria-labelledby="about-vision" className="card h-fit p-6">
          <h2 id="about-vision" className="text-2xl font-semibold">
            {t('about.vision.title')}
          </h2>
          <p className="mt-3 text-ink-muted">{t('about.vision.body')}</p>
        </section>
      </div>

      <section aria-labelledby="about-offerings" className="mt-14">
        <h2 id="about-offerings" className="text-2xl font-semibold">
          {t('about.offerings.title')}
        </h2>
        <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {OFFERINGS.map(({ key, icon: Icon }) => (
            <li key={key} className="card p-5">
              <Icon className="size-6 text-accent" />
              <h3 className="mt-3 text-lg font-semibold">{t(`about.offerings.${key}.title`)}</h3>
              <p className="mt-1 text-sm text-ink-muted">{t(`about.offerings.${key}.body`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="about-team" className="mt-14">
        <h2 id="about-team" className="text-2xl font-semibold">
          {t('about.team.title')}
        </h2>
        <p className="mt-2 max-w-prose text-ink-muted">{t('about.team.lead')}</p>
        <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {TEAM_ROLES.map((role) => (
            <li key={role} className="card p-5">
              <h3 className="text-lg font-semibold">{t(`about.team.roles.${role}.title`)}</h3>
              <p className="mt-1 text-sm text-ink-muted">{t(`about.team.roles.${role}.body`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="about-contact"
        className="card mt-14 flex flex-col gap-4 p-6 sm:flex-row sm:items-center sm:justify-between"
      >
        <div>
          <h2 id="about-contact" className="text-xl font-semibold">
            {t('about.contact.title')}
          </h2>
          <p className="mt-1 text-ink-muted">{t('about.contact.body')}</p>
        </div>
        <Link to="/contact" className="btn btn-primary">
          {t('about.contact.cta')}
        </Link>
      </section>

      <p className="mt-10 text-sm text-ink-muted">{t('footer.attribution')}</p>
    </PageFrame>
  );
}
