import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubscribeNewsletter } from '../../api/newsletter/mutations';
import { isApiError } from '../../api/client';
import { currentLanguage } from '../../i18n';
import { translateMessage } from '../../i18n/messages';

/**
 * Validates with the shared newsletterSchema. The schema (and zod with it) is loaded on the first
 * submit, so the landing page does not ship the validation library up front.
 */
async function validate(email: string) {
  const { validateNewsletter } = await import('./newsletterValidation');
  return validateNewsletter(email, currentLanguage());
}

/** Newsletter box: email + Subscribe via POST /api/newsletter, which mails a confirmation link (double opt-in). */
export function NewsletterSection() {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [status, setStatus] = useState<'idle' | 'success' | 'error'>('idle');
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const mutation = useSubscribeNewsletter();
  const [checking, setChecking] = useState(false);
  const busy = checking || mutation.isPending;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStatus('idle');
    setServerMessage(null);
    setChecking(true);
    const checked = await validate(email).finally(() => setChecking(false));
    if (!checked.ok) {
      setFieldError(checked.message);
      return;
    }
    setFieldError(null);
    try {
      await mutation.mutateAsync({ email: checked.email, language: currentLanguage() });
      setStatus('success');
      setEmail('');
    } catch (error) {
      setStatus('error');
      const fieldMessage = isApiError(error) ? error.fields.email : undefined;
      if (fieldMessage) setFieldError(fieldMessage);
      else
        setServerMessage(
          isApiError(error) && error.status !== 0 && error.status < 500 ? error.message : null,
        );
    }
  };

  const shownError = translateMessage(fieldError ?? undefined);

  return (
    <section aria-labelledby="newsletter-title" className="page-container py-16 sm:py-20">
      <div className="card mx-auto max-w-3xl p-6 sm:p-10">
        <h2 id="newsletter-title" className="text-2xl font-semibold sm:text-3xl">
          {t('landing.newsletter.title')}
        </h2>
        <p className="mt-3 text-ink-muted">{t('landing.newsletter.body')}</p>
        <form className="mt-6" noValidate onSubmit={(event) => void submit(event)}>
          <label htmlFor={inputId} className="field-label">
            {t('landing.newsletter.label')}
          </label>
          <div className="flex flex-col gap-3 sm:flex-row">
            <input
              id={inputId}
              type="email"
              name="email"
              autoComplete="email"
              className="input"
              placeholder={t('landing.newsletter.placeholder')}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={shownError ? true : undefined}
              aria-describedby={shownError ? errorId : undefined}
            />
            <button type="submit" className="btn btn-primary shrink-0 px-6" disabled={busy}>
              {busy ? t('landing.newsletter.submitting') : t('landing.newsletter.submit')}
            </button>
          </div>
          {shownError ? (
            <p id={errorId} role="alert" className="field-error">
              {shownError}
            </p>
          ) : null}
          <div aria-live="polite">
            {status === 'success' ? (
              <p className="mt-3 font-medium text-success" role="status">
                {t('landing.newsletter.success')}
              </p>
            ) : status === 'error' && !shownError ? (
              <p className="mt-3 font-medium text-danger" role="alert">
                {serverMessage ?? t('landing.newsletter.error')}
              </p>
            ) : null}
          </div>
        </form>
      </div>
    </section>
  );
}
