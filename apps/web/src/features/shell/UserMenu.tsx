import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '@nebab/shared';
import { ChevronDownIcon } from '../../components/icons';
import { UserAvatar } from '../../components/UserAvatar';
import { useAuth } from '../auth/authContext';
import { useMenuKeyboard } from './menuKeyboard';
import { NAV_PATHS } from './navItems';

/** Signed-in reader's avatar-and-name menu: name, email, their profile, profile settings and sign out. */
export function UserMenu({
  user,
  defaultOpen = false,
  openedByKeyboard = false,
}: {
  user: User;
  defaultOpen?: boolean;
  openedByKeyboard?: boolean;
}) {
  const { t } = useTranslation();
  const menu = useMenuKeyboard({ defaultOpen, openedByKeyboard });
  const { signOut } = useAuth();
  return (
    <DropdownMenu.Root {...menu.root}>
      <DropdownMenu.Trigger
        {...menu.trigger}
        data-testid="user-menu-button"
        aria-label={t('nav.userMenu', { name: user.name })}
        className="flex min-h-10 shrink-0 items-center gap-2 rounded-full p-0.5 text-sm xl:py-1 xl:pr-2 xl:pl-1 font-medium text-ink hover:bg-surface-2 data-[state=open]:bg-surface-2"
      >
        <UserAvatar name={user.name} pictureUrl={user.profile_picture} size={32} />
        <span className="hidden max-w-32 truncate xl:inline">{user.name}</span>
        <ChevronDownIcon className="hidden size-4 xl:block" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content {...menu.content} align="end" sideOffset={8} className="menu-content w-64">
          <DropdownMenu.Label className="flex items-center gap-3 px-3 py-2">
            <UserAvatar name={user.name} pictureUrl={user.profile_picture} size={40} />
            <span className="min-w-0">
              <span className="block truncate font-semibold">{user.name}</span>
              <span className="block truncate text-sm text-ink-muted">{user.email}</span>
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item asChild className="menu-item">
            <Link to={`/reader/${encodeURIComponent(user.id)}`}>{t('nav.myProfile')}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className="menu-item">
            <Link to={NAV_PATHS.profileSettings}>{t('nav.profileSettings')}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu-item" onSelect={() => void signOut()}>
            {t('nav.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
