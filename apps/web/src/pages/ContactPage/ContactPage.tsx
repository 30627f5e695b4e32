import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  CONTACT_LIMITS,
  contactMessageInputSchema,
  type ContactMessageInput,
  type ContactMessageValues,
} from '@nebab/shared';
import { useSendContactMessageMutation } from '../../api/contact/mutations';
import { publicSiteQueryOptions } from '../../api/site/queries';
import { TextAreaField, TextField } from '../../components/FormField';
import { CheckIcon, MailIcon, UsersIcon } from '../../components/icons';
import { PageFrame } from '../../components/PageFrame';
import { applyServerErrors } from '../../features/auth/applyServerErrors';
import { useAuth } from '../../features/auth/authContext';
import { translateMessage } from '../../i18n/messages';

const FIELDS = ['name', 'email', 'subject', 'message'] as const;

/**
 * `/contact`: the address the admins keep in site settings, and a form whose messages are stored and
 * reach every admin (a notification; `/admin/messages` lists them). Sending is limited per address
 * and per IP; the server's message says when.
 */
export function ContactPage() {
  const { t } = useTranslation();
  const site = useQuery(publicSiteQueryOptions());
  const [sent, setSent] = useState<ContactMessageInput | null>(null);
  const contactEmail = site.data?.contactEmail ?? null;

  return (
    <PageFrame title={t('contactUi.title')} description={t('contactUi.description')}>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <section aria-labelledby="contact-form-title" className="card p-5 sm:p-6">
          {sent ? (
            <SentNotice sent={sent} onAnother={() => setSent(null)} />
          ) : (
            <>
              <h2 id="contact-form-title" className="text-xl font-semibold">
                {t('contactUi.formTitle')}
              </h2>
              <p className="mt-1 text-ink-muted">{t('contactUi.formHint')}</p>
              <ContactForm onSent={setSent} />
            </>
          )}
        </section>

        <aside aria-labelledby="contact-other-title" className="flex flex-col gap-4">
          <section className="card flex gap-4 p-5 sm:p-6">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
              <MailIcon className="size-5" />
            </span>
            <div className="min-w-0">
              <h2 id="contact-other-title" className="text-lg font-semibold">
                {t('contactUi.emailTitle')}
              </h2>
              {site.isPending ? (
                <p className="mt-2 text-ink-muted">{t('contactUi.loadingAddress')}</p>
              ) : contactEmail ? (
                <>
                  <p className="mt-2 text-ink-muted">{t('contactUi.emailBody')}</p>
                  <a
                    href={`mailto:${contactEmail}`}
                    className="mt-3 inline-block font-semibold break-all text-accent"
                    data-testid="contact-email"
                  >
                    {contactEmail}
                  </a>
                </>
              ) : (
                <p className="mt-2 text-ink-muted" data-testid="contact-email-none">
                  {t('contactUi.emailNone')}
                </p>
              )}
            </div>
          </section>
          <section className="card flex gap-4 p-5 sm:p-6">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
              <UsersIcon className="size-5" />
            </span>
            <div>
              <h2 className="text-lg font-semibold">{t('contactUi.communityTitle')}</h2>
              <p className="mt-1 text-ink-muted">{t('contactUi.communityBody')}</p>
              <Link to="/community/bookclub" className="mt-2 inline-block font-semibold text-accent">
                {t('contactUi.communityCta')}
              </Link>
            </div>
          </section>
        </aside>
      </div>
    </PageFrame>
  );
}

function ContactForm({ onSent }: { onSent: (sent: ContactMessageInput) => void }) {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const number = new Intl.NumberFormat(i18n.language === 'am' ? 'am-ET' : 'en');
  const send = useSendContactMessageMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactMessageValues, unknown, ContactMessageInput>({
    resolver: zodResolver(contactMessageInputSchema),
    defaultValues: { name: user?.name ?? '', email: user?.email ?? '', subject: '', message: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await send.mutateAsync(values);
      onSent(values);
    } catch (error) {
      setFormError(applyServerErrors(error, FIELDS, setError));
    }
  });

  const error = (field: (typeof FIELDS)[number]) => translateMessage(errors[field]?.message);

  return (
    <form
      noValidate
      className="mt-5 grid gap-4"
      aria-label={t('contactUi.formTitle')}
      onSubmit={(event) => void onSubmit(event)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('contactUi.name')}
          autoComplete="name"
          error={error('name')}
          {...register('name')}
        />
        <TextField
          label={t('contactUi.email')}
          type="email"
          autoComplete="email"
          error={error('email')}
          {...register('email')}
        />
      </div>
      <TextField
        label={t('contactUi.subject')}
        maxLength={CONTACT_LIMITS.subjectMax}
        error={error('subject')}
        {...register('subject')}
      />
      <TextAreaField
        label={t('contactUi.message')}
        hint={t('contactUi.messageHint', {
          min: number.format(CONTACT_LIMITS.messageMin),
          max: number.format(CONTACT_LIMITS.messageMax),
        })}
        rows={7}
        maxLength={CONTACT_LIMITS.messageMax}
        inputClassName="min-h-40"
        error={error('message')}
        {...register('message')}
      />
      {formError ? (
        <p role="alert" className="field-error" data-testid="contact-form-error">
          {formError}
        </p>
      ) : null}
      <div>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={isSubmitting}
          aria-busy={isSubmitting || undefined}
        >
          {isSubmitting ? t('contactUi.sending') : t('contactUi.send')}
        </button>
      </div>
    </form>
  );
}

function SentNotice({ sent, onAnother }: { sent: ContactMessageInput; onAnother: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex flex-col items-start gap-3" data-testid="contact-sent">
      <span className="flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent">
        <CheckIcon className="size-6" />
      </span>
      <h2 id="contact-form-title" className="text-xl font-semibold">
        {t('contactUi.sentTitle', { name: sent.name })}
      </h2>
      <p className="text-ink-muted [overflow-wrap:anywhere]">
        {t('contactUi.sentBody', { email: sent.email })}
      </p>
      <button type="button" className="btn btn-secondary" onClick={onAnother}>
        {t('contactUi.another')}
      </button>
    </div>
  );
}
