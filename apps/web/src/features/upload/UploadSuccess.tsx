import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { READER_OPEN, READER_PARAM } from '../reader/readerSource';

/** After a successful upload: the new book with links to its page and the reader, and a reset. */
export function UploadSuccess({
  id,
  title,
  onAddAnother,
}: {
  id: string;
  title: string;
  onAddAnother: () => void;
}) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const bookPath = `/book/${encodeURIComponent(id)}`;
  return (
    <section
      className="card grid gap-4 p-4 sm:p-6"
      aria-labelledby={`${id}-added`}
      data-testid="upload-success"
    >
      <h2 id={`${id}-added`} ref={headingRef} tabIndex={-1} className="text-2xl font-semibold text-success">
        {t('uploadUi.successTitle')}
      </h2>
      <p className="[overflow-wrap:anywhere]">{t('uploadUi.successBody', { title })}</p>
      <div className="flex flex-wrap gap-3">
        <Link to={bookPath} className="btn btn-secondary">
          {t('uploadUi.openBook')}
        </Link>
        <Link to={`${bookPath}?${READER_PARAM}=${READER_OPEN}`} className="btn btn-primary">
          {t('uploadUi.readNow')}
        </Link>
        <button type="button" className="btn btn-ghost text-accent" onClick={onAddAnother}>
          {t('uploadUi.addAnother')}
        </button>
      </div>
    </section>
  );
}
