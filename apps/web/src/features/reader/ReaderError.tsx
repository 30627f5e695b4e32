import { useTranslation } from 'react-i18next';

/** The error state shared by both sources: 'Open in New Tab' and 'Close Reader'. */
export function ReaderError({ openUrl, onClose }: { openUrl: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex h-full flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="max-w-md text-lg">{t('reader.error')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <a className="btn btn-primary" href={openUrl} target="_blank" rel="noopener noreferrer">
          {t('reader.openInNewTab')}
        </a>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('reader.closeReader')}
        </button>
      </div>
    </div>
  );
}
