import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  INTL_LOCALE,
  newsletterIssueInputSchema,
  type NewsletterIssue,
  type NewsletterIssueInput,
} from '@nebab/shared';
import { useCreateIssueMutation, useSendIssueMutation } from '../../api/newsletter/mutations';
import { isInProgress, newsletterIssuesQueryOptions } from '../../api/newsletter/queries';
import { AdminListActions } from '../../components/AdminPageActions';
import { TextAreaField, TextField } from '../../components/FormField';
import { LazyConfirmDialog } from '../../components/LazyConfirmDialog';
import { PageFrame } from '../../components/PageFrame';
import { ListState } from '../../features/admin-moderation/ListState';
import { useAdminAction } from '../../features/admin-moderation/useAdminAction';
import { isLanguage } from '../../i18n';
import { translateMessage } from '../../i18n/messages';
import { useFormatDate } from '../../i18n/useFormatDate';

type Field = 'subjectEn' | 'subjectAm' | 'bodyEn' | 'bodyAm';
const EMPTY: Record<Field, string> = { subjectEn: '', subjectAm: '', bodyEn: '', bodyAm: '' };

/** Checks the form with the shared schema; errors per field. */
function check(values: Record<Field, string>) {
  const input: NewsletterIssueInput = {
    subject: { en: values.subjectEn, am: values.subjectAm },
    body: { en: values.bodyEn, am: values.bodyAm },
  };
  const parsed = newsletterIssueInputSchema.safeParse(input);
  if (parsed.success) return { input: parsed.data, errors: {} as Partial<Record<Field, string>> };
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) {
    const [group, language] = issue.path;
    const field = `${String(group)}${language === 'am' ? 'Am' : 'En'}` as Field;
    errors[field] ??= issue.message;
  }
  return { input: null, errors };
}

/** `/admin/newsletter`: write an issue in both languages, send it once, watch it go out. */
export function AdminNewsletterPage() {
  const { t } = useTranslation();
  const issues = useQuery(newsletterIssuesQueryOptions());
  const create = useCreateIssueMutation();
  const run = useAdminAction();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const formTitleId = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = check(values);
    setErrors(checked.errors);
    if (!checked.input) return;
    const input = checked.input;
    if (await run(() => create.mutateAsync(input), t('newsletterUi.admin.saved'))) setValues(EMPTY);
  };

  const field = (name: Field) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
    error: translateMessage(errors[name]),
  });

  return (
    <PageFrame
      title={t('newsletterUi.admin.title')}
      description={t('newsletterUi.admin.description')}
      eyebrow={t('admin.eyebrow')}
      actions={<AdminListActions onRefresh={() => void issues.refetch()} busy={issues.isFetching} />}
    >
      <section aria-labelledby={formTitleId} className="card mb-10 p-6">
        <h2 id={formTitleId} className="text-2xl font-semibold">
          {t('newsletterUi.admin.newIssue')}
        </h2>
        <form noValidate className="mt-4 grid gap-4 md:grid-cols-2" onSubmit={(event) => void submit(event)}>
          <TextField label={t('newsletterUi.admin.subjectEn')} lang="en" {...field('subjectEn')} />
          <TextField label={t('newsletterUi.admin.subjectAm')} lang="am" {...field('subjectAm')} />
          <TextAreaField
            label={t('newsletterUi.admin.bodyEn')}
            hint={t('newsletterUi.admin.bodyHint')}
            lang="en"
            rows={10}
            {...field('bodyEn')}
          />
          <TextAreaField
            label={t('newsletterUi.admin.bodyAm')}
            hint={t('newsletterUi.admin.bodyHint')}
            lang="am"
            rows={10}
            {...field('bodyAm')}
          />
          <div className="md:col-span-2">
            <button type="submit" className="btn btn-primary" disabled={create.isPending}>
              {t('newsletterUi.admin.save')}
            </button>
          </div>
        </form>
      </section>

      <h2 className="mb-4 text-2xl font-semibold">{t('newsletterUi.admin.issues')}</h2>
      <ListState
        pending={issues.isPending}
        error={issues.error}
        onRetry={() => void issues.refetch()}
        empty={(issues.data?.items.length ?? 0) === 0}
        emptyText={t('newsletterUi.admin.empty')}
      >
        <ul className="grid gap-4" aria-label={t('newsletterUi.admin.issues')}>
          {issues.data?.items.map((issue) => (
            <li key={issue.id}>
              <IssueCard issue={issue} />
            </li>
          ))}
        </ul>
      </ListState>
    </PageFrame>
  );
}

function IssueCard({ issue }: { issue: NewsletterIssue }) {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDate();
  const send = useSendIssueMutation();
  const run = useAdminAction();
  const [asking, setAsking] = useState(false);
  const headingId = useId();
  const progressId = useId();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const number = new Intl.NumberFormat(INTL_LOCALE[language]);
  const subject = language === 'am' ? issue.subject.am : issue.subject.en;

  return (
    <article aria-labelledby={headingId} className="card p-5" data-testid="newsletter-issue">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="text-lg font-semibold [overflow-wrap:anywhere]">
            {subject}
          </h3>
          <p className="text-sm text-ink-muted">
            {t(`newsletterUi.admin.status.${issue.status}`)} ·{' '}
            {issue.sentAt
              ? t('newsletterUi.admin.sentOn', { date: formatDate(issue.sentAt) })
              : t('newsletterUi.admin.writtenOn', { date: formatDate(issue.createdAt) })}
          </p>
        </div>
        {issue.status === 'draft' ? (
          <button type="button" className="btn btn-primary" onClick={() => setAsking(true)}>
            {t('newsletterUi.admin.send')}
          </button>
        ) : null}
      </div>
      {issue.status !== 'draft' ? (
        <div className="mt-4">
          <label htmlFor={progressId} className="text-sm font-medium">
            {t('newsletterUi.admin.progress', {
              sent: number.format(issue.sent),
              total: number.format(issue.total),
              failed: number.format(issue.failed),
            })}
          </label>
          <progress
            id={progressId}
            className="mt-1 block w-full"
            value={issue.sent + issue.failed}
            max={Math.max(issue.total, 1)}
            aria-busy={isInProgress(issue) || undefined}
          />
        </div>
      ) : null}
      <LazyConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('newsletterUi.admin.confirmTitle')}
        description={t('newsletterUi.admin.confirmBody', { subject })}
        confirmLabel={t('newsletterUi.admin.send')}
        pending={send.isPending}
        onConfirm={() =>
          void run(() => send.mutateAsync(issue.id), t('newsletterUi.admin.sending')).then(() =>
            setAsking(false),
          )
        }
      />
    </article>
  );
}
