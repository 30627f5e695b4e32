import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GENRE_SLUGS } from '@nebab/shared';
import { ChevronDownIcon } from '../../components/icons';
import { useMenuKeyboard } from './menuKeyboard';
import { genreHref } from './navItems';

/** Desktop genres dropdown: the 30 genres in a three-column grid. */
export function GenresDropdown({
  defaultOpen = false,
  openedByKeyboard = false,
}: {
  defaultOpen?: boolean;
  openedByKeyboard?: boolean;
}) {
  const { t } = useTranslation();
  const menu = useMenuKeyboard({ defaultOpen, openedByKeyboard });
  return (
    <DropdownMenu.Root {...menu.root}>
      <DropdownMenu.Trigger {...menu.trigger} className="nav-link gap-1 data-[state=open]:bg-surface-2">
        {t('nav.genres')}
        <ChevronDownIcon className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          {...menu.content}
          align="start"
          sideOffset={8}
          className="menu-content grid w-[36rem] max-w-[calc(100vw-2rem)] grid-cols-3 gap-0.5"
        >
          {GENRE_SLUGS.map((slug) => (
            <DropdownMenu.Item key={slug} asChild className="menu-item">
              <Link to={genreHref(slug)}>{t(`genres.${slug}`)}</Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
