import { DropdownMenu } from 'radix-ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GENRE_SLUGS } from '@nebab/shared';
import { ChevronDownIcon } from '../../components/icons';
import { genreHref } from './navItems';

/** Desktop genres dropdown: the 30 genres in a three-column grid. */
export function GenresDropdown() {
  const { t } = useTranslation();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="nav-link gap-1 data-[state=open]:bg-surface-2">
        {t('nav.genres')}
        <ChevronDownIcon className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
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

/** Mobile genres section: a button that expands the list inside the mobile menu. */
export function GenresCollapsible() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <div>
      <button
        type="button"
        className="nav-link w-full justify-between"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        {t('nav.genres')}
        <ChevronDownIcon className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <ul id={listId} hidden={!open} className="grid grid-cols-2 gap-0.5 py-1 pl-3">
        {GENRE_SLUGS.map((slug) => (
          <li key={slug}>
            <Link to={genreHref(slug)} className="nav-link w-full text-sm">
              {t(`genres.${slug}`)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
