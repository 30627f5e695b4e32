import { useTranslation } from 'react-i18next';

/** Tones of the badges: good, bad, waiting, neutral. */
const TONES = {
  good: 'border-success/40 bg-success/10 text-success',
  bad: 'border-danger/40 bg-danger-soft text-danger',
  warn: 'border-gold/40 bg-gold/10 text-gold',
  neutral: 'border-line-strong bg-surface-2 text-ink',
} as const;

const TONE_OF: Record<string, keyof typeof TONES> = {
  active: 'good',
  approved: 'good',
  resolved: 'good',
  suspended: 'bad',
  rejected: 'bad',
  deleted: 'neutral',
  dismissed: 'neutral',
  flagged: 'warn',
  open: 'warn',
  admin: 'warn',
  user: 'neutral',
  book: 'neutral',
  review: 'neutral',
};

/** A small labelled badge for a status, role or kind (`adminPeopleUi.status.*`). */
export function StatusBadge({ value, testId }: { value: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid={testId}
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${TONES[TONE_OF[value] ?? 'neutral']}`}
    >
      {t(`adminPeopleUi.status.${value}`, { defaultValue: t('adminPeopleUi.status.unknown') })}
    </span>
  );
}
