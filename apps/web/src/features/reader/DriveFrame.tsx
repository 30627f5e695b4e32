import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { driveEmbedUrl } from '@nebab/shared';
import { Spinner } from '../../components/Spinner';
import { ReaderError } from './ReaderError';

/** How long the Drive preview may take before the reader shows its error state. */
export const DRIVE_LOAD_TIMEOUT_MS = 20_000;

/** A Drive-hosted book in an iframe of its preview address, with a spinner and an error state. */
export function DriveFrame({
  fileId,
  title,
  openUrl,
  onClose,
}: {
  fileId: string;
  title: string;
  openUrl: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');

  useEffect(() => {
    if (state !== 'loading') return;
    const timer = window.setTimeout(() => setState('error'), DRIVE_LOAD_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  if (state === 'error') return <ReaderError openUrl={openUrl} onClose={onClose} />;
  return (
    <>
      {state === 'loading' ? (
        <div className="absolute inset-0 flex items-center justify-center">
          <Spinner label={t('reader.loading')} className="size-10" />
        </div>
      ) : null}
      <iframe
        src={driveEmbedUrl(fileId)}
        title={t('reader.frameTitle', { title })}
        className="size-full border-0 bg-surface"
        allow="autoplay; fullscreen"
        referrerPolicy="no-referrer"
        onLoad={() => setState('ready')}
        onError={() => setState('error')}
      />
    </>
  );
}
