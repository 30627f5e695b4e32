import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IMPORT_LIMITS, type Import, type ImportSource } from '@nebab/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../api/client';
import { importsKeys } from '../../api/imports/keys';
import { downloadExport, useImportFinished, useStartImportMutation } from '../../api/imports/mutations';
import { importQueryOptions, importsQueryOptions } from '../../api/imports/queries';
import { Spinner } from '../../components/Spinner';
import { useFormatDate } from '../../i18n/useFormatDate';
import { useSocketEvents } from '../realtime/useSocket';
import { SettingsCard } from '../settings/SettingsCard';
import { ImportRows } from './ImportRows';
import { useToast } from '../toast/toastContext';

const running = (item: Import) => item.status === 'queued' || item.status === 'running';

/** The bar and the line under it: how far the import is. */
function ImportProgress({ item }: { item: Import }) {
  const { t } = useTranslation();
  const percent = item.total > 0 ? Math.round((item.processed / item.total) * 100) : 0;
  const label =
    item.status === 'queued'
      ? t('libraryUi.progress.queued')
      : item.status === 'running'
        ? t('libraryUi.progress.running', { processed: item.processed, total: item.total })
        : item.status === 'done'
          ? t('libraryUi.progress.done', { total: item.total })
          : t('libraryUi.progress.failed');
  return (
    <div className="flex flex-col gap-2" data-testid="import-progress">
      <div
        role="progressbar"
        aria-label={t('libraryUi.progress.label')}
        aria-valuemin={0}
        aria-valuemax={item.total}
        aria-valuenow={item.processed}
        aria-valuetext={label}
        className="h-3 w-full overflow-hidden rounded-full bg-surface-2"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-300 motion-reduce:transition-none ${item.status === 'failed' ? 'bg-danger' : 'bg-accent'}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-sm text-ink-muted" aria-live="polite">
        {label}
      </p>
    </div>
  );
}

/** Matched, added, skipped (with the reasons), once the import is done. */
function ImportReport({ item }: { item: Import }) {
  const { t } = useTranslation();
  const figures = [
    { key: 'matched', value: item.matched },
    { key: 'created', value: item.created },
    { key: 'skipped', value: item.skipped },
  ] as const;
  return (
    <div className="flex flex-col gap-4" data-testid="import-report">
      <h4 className="text-lg font-semibold">{t('libraryUi.report.title')}</h4>
      <dl className="grid gap-3 sm:grid-cols-3">
        {figures.map(({ key, value }) => (
          <div key={key} className="rounded-lg border border-line p-3">
            <dt className="text-sm text-ink-muted">{t(`libraryUi.report.${key}`)}</dt>
            <dd className="text-2xl font-semibold tabular-nums" data-testid={`import-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {item.errors.length > 0 ? (
        <details className="rounded-lg border border-line p-3">
          <summary className="cursor-pointer font-medium">{t('libraryUi.report.reasons')}</summary>
          <ul className="mt-2 flex max-h-64 flex-col gap-1 overflow-y-auto text-sm">
            {item.errors.map((error) => (
              <li key={error.row}>
                <span className="font-medium">{t('libraryUi.report.row', { row: error.row })}</span>
                {' — '}
                {error.message}
              </li>
            ))}
          </ul>
        </details>
      ) : (
        <p className="text-sm text-ink-muted">{t('libraryUi.report.noneSkipped')}</p>
      )}
      <details className="rounded-lg border border-line p-3">
        <summary className="cursor-pointer font-medium">{t('libraryUi.rows.title')}</summary>
        <div className="mt-2">
          <ImportRows importId={item.id} />
        </div>
      </details>
      <Link to="/dashboard/readinglist" className="btn btn-secondary self-start">
        {t('libraryUi.report.openList')}
      </Link>
    </div>
  );
}

/** The import the reader started (or the one still running), live over the socket. */
function CurrentImport({ id }: { id: string }) {
  const current = useQuery(importQueryOptions(id));
  const finished = useImportFinished();
  const status = current.data?.status;
  const wasRunning = useRef(false);
  useEffect(() => {
    if (status === 'queued' || status === 'running') wasRunning.current = true;
    else if (status && wasRunning.current) {
      wasRunning.current = false;
      finished();
    }
  }, [status, finished]);
  if (!current.data) return null;
  return (
    <div className="mt-6 flex flex-col gap-6 border-t border-line pt-5">
      <ImportProgress item={current.data} />
      {current.data.status === 'done' ? <ImportReport item={current.data} /> : null}
    </div>
  );
}

function ImportCard() {
  const { t } = useTranslation();
  const toast = useToast();
  const start = useStartImportMutation();
  const imports = useQuery(importsQueryOptions());
  const [file, setFile] = useState<File | null>(null);
  const [source, setSource] = useState<'' | ImportSource>('');
  const [publicReviews, setPublicReviews] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [currentId, setCurrentId] = useState<string | null>(null);
  const ids = { file: useId(), source: useId(), publicReviews: useId(), error: useId() };
  const active = currentId ?? imports.data?.items.find(running)?.id ?? null;
  const busy = start.isPending || Boolean(imports.data?.items.find(running));

  async function submit() {
    setError(null);
    if (!file) {
      setError(t('libraryUi.import.chooseFile'));
      return;
    }
    if (file.size > IMPORT_LIMITS.maxBytes) {
      setError(t('libraryUi.import.tooLarge'));
      return;
    }
    try {
      const created = await start.mutateAsync({ file, source: source || undefined, publicReviews });
      setCurrentId(created.id);
      toast.show({ kind: 'success', message: t('libraryUi.import.started') });
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : t('errors.INTERNAL'));
    }
  }

  return (
    <SettingsCard title={t('libraryUi.import.title')} description={t('libraryUi.import.description')}>
      <p className="mb-4 text-sm text-ink-muted">{t('libraryUi.import.how')}</p>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div>
          <label htmlFor={ids.file} className="field-label">
            {t('libraryUi.import.file')}
          </label>
          <input
            id={ids.file}
            type="file"
            accept=".csv,text/csv"
            className="input py-2"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ids.error : undefined}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </div>
        <div>
          <label htmlFor={ids.source} className="field-label">
            {t('libraryUi.import.source')}
          </label>
          <select
            id={ids.source}
            className="input"
            value={source}
            onChange={(event) => setSource(event.target.value as '' | ImportSource)}
          >
            <option value="">{t('libraryUi.import.sources.auto')}</option>
            <option value="goodreads">{t('libraryUi.import.sources.goodreads')}</option>
            <option value="storygraph">{t('libraryUi.import.sources.storygraph')}</option>
          </select>
        </div>
        <label htmlFor={ids.publicReviews} className="flex items-start gap-3">
          <input
            id={ids.publicReviews}
            type="checkbox"
            className="mt-1 size-4 shrink-0 accent-[var(--color-accent)]"
            checked={publicReviews}
            onChange={(event) => setPublicReviews(event.target.checked)}
          />
          <span>{t('libraryUi.import.publicReviews')}</span>
        </label>
        {error ? (
          <p id={ids.error} role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
            {error}
          </p>
        ) : null}
        <button
          type="submit"
          className="btn btn-primary self-start"
          disabled={busy}
          aria-busy={start.isPending || undefined}
        >
          {start.isPending ? t('libraryUi.import.submitting') : t('libraryUi.import.submit')}
        </button>
      </form>
      {active ? <CurrentImport id={active} /> : null}
    </SettingsCard>
  );
}

function PastImports() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const imports = useQuery(importsQueryOptions());
  return (
    <SettingsCard title={t('libraryUi.history.title')}>
      {imports.isPending ? (
        <Spinner label={t('settingsUi.loading')} />
      ) : imports.isError ? (
        <p role="alert" className="text-danger">
          {imports.error.message}
        </p>
      ) : imports.data.items.length === 0 ? (
        <p className="text-ink-muted">{t('libraryUi.history.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line" data-testid="past-imports">
          {imports.data.items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
              <div className="min-w-0">
                <p className="font-medium [overflow-wrap:anywhere]">
                  {item.fileName ?? t(`libraryUi.import.sources.${item.source}`)}
                </p>
                <p className="text-sm text-ink-muted">
                  {formatDate(item.createdAt)} · {t(`libraryUi.import.sources.${item.source}`)} ·{' '}
                  {t(`libraryUi.history.statuses.${item.status}`)}
                </p>
              </div>
              <p className="text-sm tabular-nums">
                {t('libraryUi.history.counts', {
                  matched: item.matched,
                  created: item.created,
                  skipped: item.skipped,
                })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}

function ExportCard() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'csv' | 'json' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const day = new Date().toISOString().slice(0, 10);
  async function run(kind: 'csv' | 'json') {
    setBusy(kind);
    setError(null);
    try {
      if (kind === 'csv')
        await downloadExport('/api/exports/goodreads.csv', `nebab_library_export_${day}.csv`);
      else await downloadExport('/api/exports/account.json', `nebab_account_${day}.json`);
    } catch {
      setError(t('libraryUi.export.failed'));
    } finally {
      setBusy(null);
    }
  }
  return (
    <SettingsCard title={t('libraryUi.export.title')} description={t('libraryUi.export.description')}>
      <div className="grid gap-4 md:grid-cols-2">
        {(['csv', 'json'] as const).map((kind) => (
          <div key={kind} className="flex flex-col gap-3 rounded-lg border border-line p-4">
            <p className="text-sm text-ink-muted">{t(`libraryUi.export.${kind}Hint`)}</p>
            <button
              type="button"
              className="btn btn-secondary mt-auto self-start"
              disabled={busy !== null}
              aria-busy={busy === kind || undefined}
              onClick={() => void run(kind)}
            >
              {busy === kind ? t('libraryUi.export.downloading') : t(`libraryUi.export.${kind}`)}
            </button>
          </div>
        ))}
      </div>
      {error ? (
        <p role="alert" className="mt-3 rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </SettingsCard>
  );
}

/**
 * Settings › Import and export: upload a Goodreads or StoryGraph export (live progress over the tab's
 * socket, then the report), the past imports, and the two downloads.
 */
export function LibrarySection() {
  const queryClient = useQueryClient();
  useSocketEvents({
    'import:progress': (item) => {
      queryClient.setQueryData(importsKeys.detail(item.id), item);
      queryClient.setQueryData<{ items: Import[] }>(importsKeys.list(), (current) =>
        current ? { items: current.items.map((old) => (old.id === item.id ? item : old)) } : current,
      );
    },
  });
  return (
    <div className="flex flex-col gap-6">
      <ImportCard />
      <PastImports />
      <ExportCard />
    </div>
  );
}
