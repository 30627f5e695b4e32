import { useTranslation } from 'react-i18next';

const KNOWN = ['active', 'inactive', 'pending', 'approved', 'rejected'] as const;
type Known = (typeof KNOWN)[number];

const TONES: Record<Known, string> = {
  active: 'border-success text-success',
  approved: 'border-success text-success',
  inactive: 'border-danger bg-danger-soft text-danger',
  rejected: 'border-danger bg-danger-soft text-danger',
  pending: 'border-gold text-gold',
};

/**
 * A status as a small badge. Spec §2 Manage Books: Active green, Inactive red, anything else yellow;
 * suggestions: approved green, rejected red, pending yellow.
 */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = (KNOWN as readonly string[]).includes(status) ? (status as Known) : null;
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${known ? TONES[known] : 'border-gold text-gold'}`}
      data-status={status}
    >
      {known ? t(`adminCatalogueUi.status.${known}`) : status}
    </span>
  );
}
