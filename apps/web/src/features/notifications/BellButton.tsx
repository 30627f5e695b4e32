import { useTranslation } from 'react-i18next';
import { BellIcon } from '../../components/icons';

/*
 * What the bell's button shows, shared by the bell and its lazily loaded popover (whose trigger is
 * the same button): the icon, the unread badge and the label.
 */

/** "9+" above nine, in the reader's digits. */
export function badgeText(count: number, language: string): string {
  const format = new Intl.NumberFormat(language === 'am' ? 'am-ET' : 'en-US');
  return count > 9 ? `${format.format(9)}+` : format.format(count);
}

export function BellButtonContent({ count }: { count: number }) {
  const { i18n } = useTranslation();
  return (
    <>
      <BellIcon className="size-5" />
      {count > 0 ? (
        <span
          aria-hidden="true"
          data-testid="notification-badge"
          className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-accent px-1 text-[0.7rem] leading-5 font-semibold text-on-accent"
        >
          {badgeText(count, i18n.language)}
        </span>
      ) : null}
    </>
  );
}

export function useBellLabel(count: number): string {
  const { t } = useTranslation();
  return count > 0 ? t('notificationsUi.bellUnread', { count }) : t('notificationsUi.bell');
}
