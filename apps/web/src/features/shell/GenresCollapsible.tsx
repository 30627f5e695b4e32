import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GENRE_SLUGS } from '@nebab/shared';
import { ChevronDownIcon } from '../../components/icons';
import { genreHref } from './navItems';

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
