import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { accountSecurityQueryOptions } from '../../api/account/queries';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuth } from '../../features/auth/authContext';
import { BlockedReadersCard } from '../../features/readers/BlockedReadersCard';
import { FollowRequestsCard } from '../../features/readers/FollowRequestsCard';
import { PrivacyCard } from '../../features/readers/PrivacyCard';
import { LibrarySection } from '../../features/library/LibrarySection';
import { AvatarCard } from '../../features/settings/AvatarCard';
import { ChangeEmailCard } from '../../features/settings/ChangeEmailCard';
import { ChangePasswordCard } from '../../features/settings/ChangePasswordCard';
import { DeleteAccountCard, DownloadDataCard } from '../../features/settings/DeleteAccountCard';
import { DevicesCard } from '../../features/settings/DevicesCard';
import { PreferencesSection } from '../../features/settings/PreferencesSection';
import { ProfileCard } from '../../features/settings/ProfileCard';
import { RecoveryEmailCard } from '../../features/settings/RecoveryEmailCard';
import { isSettingsSection, SettingsNav, type SettingsSection } from '../../features/settings/SettingsNav';
import { TwoFactorCard } from '../../features/settings/TwoFactorCard';

/** `/dashboard/settings?section=personal|privacy|security|preferences|library` (spec §2 Settings page; library: import and export). */
export function SettingsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('section');
  const section: SettingsSection = isSettingsSection(requested) ? requested : 'personal';
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  usePageTitle(`${t(`settingsUi.sections.${section}`)} · ${t('settingsUi.title')}`);

  // Moving between sections moves focus to the new section's heading (not on the first load).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [section]);

  if (!user) return null;

  return (
    <div className="page-container py-8 sm:py-12">
      <h1 className="text-3xl font-semibold sm:text-4xl">{t('settingsUi.title')}</h1>
      <p className="mt-2 mb-6 text-ink-muted">{t('settingsUi.subtitle')}</p>
      <div className="grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <div className="min-w-0">
          <SettingsNav section={section} role={user.role} />
        </div>
        <section className="min-w-0" aria-labelledby="settings-section-heading">
          <h2
            id="settings-section-heading"
            ref={headingRef}
            tabIndex={-1}
            className="mb-4 text-2xl font-semibold outline-none"
          >
            {t(`settingsUi.sections.${section}`)}
          </h2>
          {section === 'personal' ? (
            <div className="flex flex-col gap-6">
              <AvatarCard user={user} />
              <ProfileCard user={user} />
            </div>
          ) : section === 'privacy' ? (
            <div className="flex flex-col gap-6">
              <PrivacyCard userId={user.id} />
              <FollowRequestsCard />
              <BlockedReadersCard />
            </div>
          ) : section === 'security' ? (
            <SecuritySection loginEmail={user.email} emailVerified={user.emailVerified} />
          ) : section === 'library' ? (
            <LibrarySection />
          ) : (
            <PreferencesSection />
          )}
        </section>
      </div>
    </div>
  );
}

function SecuritySection({ loginEmail, emailVerified }: { loginEmail: string; emailVerified: boolean }) {
  const { t } = useTranslation();
  const security = useQuery(accountSecurityQueryOptions());
  if (security.isPending) return <Spinner label={t('settingsUi.loading')} />;
  if (security.isError)
    return (
      <p role="alert" className="text-danger">
        {security.error.message}
      </p>
    );
  const state = security.data;
  return (
    <div className="flex flex-col gap-6">
      <ChangeEmailCard email={loginEmail} emailVerified={emailVerified} hasPassword={state.hasPassword} />
      <ChangePasswordCard hasPassword={state.hasPassword} />
      <TwoFactorCard
        enabled={state.twoFactorEnabled}
        hasPassword={state.hasPassword}
        recoveryCodesLeft={state.recoveryCodesLeft}
      />
      <RecoveryEmailCard
        recoveryEmail={state.recoveryEmail}
        recoveryEmailVerified={state.recoveryEmailVerified}
        loginEmail={loginEmail}
      />
      <DevicesCard />
      <DownloadDataCard />
      <DeleteAccountCard hasPassword={state.hasPassword} email={loginEmail} />
    </div>
  );
}
