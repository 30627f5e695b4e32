import { useTranslation } from 'react-i18next';
import { useToast } from '../toast/toastContext';

/** Facebook's share address for a page. */
export function facebookShareUrl(url: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;
}

/** X's post intent for a page and a line of text. */
export function xShareUrl(url: string, text: string): string {
  return `https://x.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`;
}

/** Copies text with the Clipboard API, falling back to a hidden textarea and execCommand. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the old way (e.g. permission refused, insecure origin)
  }
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = typeof document.execCommand === 'function' && document.execCommand('copy');
    area.remove();
    return ok;
  } catch {
    return false;
  }
}

/** Share: Facebook, X and Copy link (with a confirmation toast). */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const toast = useToast();

  async function copy() {
    const ok = await copyText(url);
    toast.show(
      ok
        ? { kind: 'success', message: t('share.copied') }
        : { kind: 'error', message: t('share.copyFailed') },
    );
  }

  return (
    <div role="group" aria-label={t('share.label')} className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-semibold text-ink-muted">{t('share.label')}</span>
      <a
        className="btn btn-ghost min-h-10 px-3 text-sm"
        href={facebookShareUrl(url)}
        target="_blank"
        rel="noopener noreferrer"
      >
        {t('share.facebook')}
      </a>
      <a
        className="btn btn-ghost min-h-10 px-3 text-sm"
        href={xShareUrl(url, title)}
        target="_blank"
        rel="noopener noreferrer"
      >
        {t('share.x')}
      </a>
      <button type="button" className="btn btn-ghost min-h-10 px-3 text-sm" onClick={() => void copy()}>
        {t('share.copy')}
      </button>
    </div>
  );
}
