import { useTranslation } from 'react-i18next';
import type { ClubMembershipState } from '@nebab/shared';

/** Joined / Moderator / Request pending, as a small badge; nothing for outsiders. */
export function MembershipBadge({
  membership,
  className = '',
}: {
  membership: ClubMembershipState;
  className?: string;
}) {
  const { t } = useTranslation();
  if (membership === 'none') return null;
  const tone =
    membership === 'pending'
      ? 'border-gold text-gold'
      : membership === 'moderator'
        ? 'border-accent bg-accent text-on-accent'
        : 'border-accent text-accent';
  return (
    <span
      className={`inline-flex rounded-full border px-2 py-0.5 text-xs font-semibold ${tone} ${className}`}
    >
      {t(`clubsUi.membership.${membership}`)}
    </span>
  );
}
