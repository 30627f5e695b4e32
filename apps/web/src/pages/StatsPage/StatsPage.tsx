import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { INTL_LOCALE, LATEST_STATS_YEAR, type ReadingStats, type StatsCalendar } from '@nebab/shared';
import { readingStatsQueryOptions, type StatsPeriod } from '../../api/stats/queries';
import { PageFrame } from '../../components/PageFrame';
import { Spinner } from '../../components/Spinner';
import { currentYear, monthNames, yearLabel } from './calendar';
import { ChartFigure } from './ChartFigure';
import { ColumnChart, PeriodChart, RankChart, ShareChart, type PeriodRow } from './Charts';

const TOP = 8;

/**
 * `/dashboard/stats`: the reader's reading life in charts, per year or all time, in the Gregorian or
 * the Ethiopian calendar: books and pages per month (per year for all time), genres, languages,
 * ratings given, favourite authors, and the figures (length, pace, longest and shortest, DNF rate).
 * Every chart has a summary and its figures as a table for screen readers. It opens on the latest
 * year with reading (this year once the reader has ended a read in it), which the server picks.
 */
export function StatsPage() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const locale = INTL_LOCALE[i18n.language === 'am' ? 'am' : 'en'];
  const [calendar, setCalendar] = useState<StatsCalendar>('gregorian');
  const [year, setYear] = useState<StatsPeriod>(LATEST_STATS_YEAR);
  const stats = useQuery(readingStatsQueryOptions(year, calendar));
  const number = new Intl.NumberFormat(locale);
  const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const format = (value: number) => number.format(value);

  const thisYear = currentYear(calendar);
  // Figures still on screen from the other calendar (while the new ones load) name no year of this one.
  const shown = stats.data?.period.calendar === calendar ? stats.data : undefined;
  const selected = year === LATEST_STATS_YEAR ? (shown?.period.year ?? thisYear) : year;
  const years = [
    ...new Set([thisYear, ...(shown?.years ?? []), ...(selected === null ? [] : [selected])]),
  ].sort((a, b) => b - a);

  function changeCalendar(next: StatsCalendar) {
    setCalendar(next);
    // A year of one calendar is not a year of the other: open the other on its latest year with reading.
    if (year !== null) setYear(LATEST_STATS_YEAR);
  }

  return (
    <PageFrame
      title={t('statsUi.title')}
      description={t('statsUi.description')}
      actions={
        <Link to="/dashboard" className="btn btn-secondary">
          {t('dashboard.back')}
        </Link>
      }
    >
      <div className="mb-6 flex flex-wrap items-end gap-6">
        <div className="flex flex-col">
          <label htmlFor={`${id}-period`} className="text-sm font-medium">
            {t('statsUi.period')}
          </label>
          <select
            id={`${id}-period`}
            className="min-h-10 rounded-md border border-line-strong bg-surface px-2 py-1 text-ink"
            value={selected === null ? 'all' : String(selected)}
            onChange={(event) => setYear(event.target.value === 'all' ? null : Number(event.target.value))}
          >
            {years.map((y) => (
              <option key={y} value={y}>
                {yearLabel(locale, calendar, y)}
              </option>
            ))}
            <option value="all">{t('statsUi.allTime')}</option>
          </select>
        </div>
        <fieldset className="flex flex-col">
          <legend className="text-sm font-medium">{t('statsUi.calendar')}</legend>
          <div className="flex min-h-10 items-center gap-4">
            {(['gregorian', 'ethiopic'] as const).map((option) => (
              <label key={option} className="inline-flex items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-calendar`}
                  value={option}
                  checked={calendar === option}
                  onChange={() => changeCalendar(option)}
                />
                {t(`statsUi.${option}`)}
              </label>
            ))}
          </div>
        </fieldset>
      </div>

      {stats.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label={t('statsUi.loading')} />
        </div>
      ) : stats.isError ? (
        <div role="alert" className="card flex flex-col items-start gap-3 p-6">
          <p>{stats.error.message || t('statsUi.error')}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void stats.refetch()}>
            {t('statsUi.retry')}
          </button>
        </div>
      ) : (
        <StatsBody
          stats={stats.data}
          locale={locale}
          format={format}
          decimal={(value) => decimal.format(value)}
          share={(value) => percent.format(value)}
        />
      )}
    </PageFrame>
  );
}

function StatsBody({
  stats,
  locale,
  format,
  decimal,
  share,
}: {
  stats: ReadingStats;
  locale: string;
  format: (value: number) => string;
  decimal: (value: number) => string;
  share: (value: number) => string;
}) {
  const { t } = useTranslation();
  const { totals, period } = stats;
  const none = t('statsUi.figures.none');
  const nothing = totals.books === 0 && totals.didNotFinish === 0;

  // Books and pages per month of the year, or per year over all time.
  const months = period.year === null ? [] : monthNames(locale, period.calendar, period.year);
  const periodRows: PeriodRow[] =
    period.year === null
      ? stats.byYear.map((row) => ({ ...row, label: yearLabel(locale, period.calendar, row.year) }))
      : stats.months.map((row) => ({ ...row, label: months[row.month - 1] ?? String(row.month) }));
  const busiest = periodRows.reduce<PeriodRow | null>(
    (best, row) => (!best || row.books > best.books ? row : best),
    null,
  );
  const periodTitle = period.year === null ? t('statsUi.charts.perYear') : t('statsUi.charts.perMonth');
  const periodSummary =
    period.year === null
      ? t('statsUi.summary.perYear', {
          books: format(totals.books),
          pages: format(totals.pages),
          years: format(stats.byYear.length),
        })
      : t('statsUi.summary.perMonth', {
          books: format(totals.books),
          pages: format(totals.pages),
          month: busiest && busiest.books > 0 ? busiest.label : none,
        });

  const genres = stats.genres
    .slice(0, TOP)
    .map((g) => ({ label: t(`genres.${g.genre}`, { defaultValue: g.genre }), value: g.books }));
  const languages = (['en', 'am', 'other'] as const)
    .map((key) => ({ label: t(`statsUi.languages.${key}`), value: stats.languages[key] }))
    .filter((row) => row.value > 0);
  const ratings = stats.ratings.map((r) => ({
    label: t('statsUi.stars', { count: r.rating }),
    value: r.count,
  }));
  const authors = stats.favouriteAuthors.map((a) => ({ label: a.author, value: a.books }));
  // The row with the most (the first of equals), whatever the order of the rows: ratings come as 1 to 5 stars.
  const top = (rows: { label: string; value: number }[]) => {
    const best = rows.reduce<{ label: string; value: number } | null>(
      (most, row) => (row.value > (most?.value ?? 0) ? row : most),
      null,
    );
    return best
      ? t('statsUi.summary.top', { name: best.label, count: format(best.value) })
      : t('statsUi.summary.nothing');
  };
  const seriesNames = {
    books: t('statsUi.series.books'),
    pages: t('statsUi.series.pages'),
    didNotFinish: t('statsUi.series.didNotFinish'),
  };

  const figures: { key: string; label: string; value: string }[] = [
    { key: 'books', label: t('statsUi.figures.books'), value: format(totals.books) },
    { key: 'pages', label: t('statsUi.figures.pages'), value: format(totals.pages) },
    { key: 'dnf', label: t('statsUi.figures.didNotFinish'), value: format(totals.didNotFinish) },
    { key: 'dnfRate', label: t('statsUi.figures.dnfRate'), value: share(totals.dnfRate) },
    {
      key: 'averagePages',
      label: t('statsUi.figures.averagePages'),
      value:
        totals.averagePages === null
          ? none
          : t('statsUi.figures.averagePagesValue', { pages: decimal(totals.averagePages) }),
    },
    {
      key: 'pace',
      label: t('statsUi.figures.pace'),
      value:
        totals.averageDaysPerBook === null
          ? none
          : t('statsUi.figures.paceValue', { days: decimal(totals.averageDaysPerBook) }),
    },
    { key: 'rereads', label: t('statsUi.figures.rereads'), value: format(totals.rereads) },
    {
      key: 'rating',
      label: t('statsUi.figures.averageRating'),
      value: stats.averageRating === null ? none : decimal(stats.averageRating),
    },
    {
      key: 'longest',
      label: t('statsUi.figures.longest'),
      value: stats.longest
        ? t('statsUi.figures.bookPages', {
            title: stats.longest.title,
            pages: format(stats.longest.pageCount),
          })
        : none,
    },
    {
      key: 'shortest',
      label: t('statsUi.figures.shortest'),
      value: stats.shortest
        ? t('statsUi.figures.bookPages', {
            title: stats.shortest.title,
            pages: format(stats.shortest.pageCount),
          })
        : none,
    },
  ];

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="stats-figures">
        <h2 id="stats-figures" className="sr-only">
          {t('statsUi.figures.heading')}
        </h2>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5" data-testid="stats-figures">
          {figures.map((figure) => (
            <div key={figure.key} className="card flex flex-col gap-1 p-3">
              <dt className="text-sm text-ink-muted">{figure.label}</dt>
              <dd className="text-lg font-semibold [overflow-wrap:anywhere]">{figure.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      {nothing ? (
        <p className="card p-6 text-ink-muted" data-testid="stats-empty">
          {t('statsUi.empty')}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <ChartFigure
          testId="chart-period"
          title={periodTitle}
          summary={periodSummary}
          table={{
            headers: [
              period.year === null ? t('statsUi.table.year') : t('statsUi.table.month'),
              t('statsUi.table.books'),
              t('statsUi.table.pages'),
              t('statsUi.table.didNotFinish'),
            ],
            rows: periodRows.map((row) => [
              row.label,
              format(row.books),
              format(row.pages),
              format(row.didNotFinish),
            ]),
          }}
        >
          <PeriodChart data={periodRows} names={seriesNames} format={format} />
        </ChartFigure>
        <ChartFigure
          testId="chart-genres"
          title={t('statsUi.charts.genres')}
          summary={top(genres)}
          table={{
            headers: [t('statsUi.table.genre'), t('statsUi.table.books')],
            rows: genres.map((g) => [g.label, format(g.value)]),
          }}
        >
          <RankChart data={genres} name={t('statsUi.series.count')} format={format} />
        </ChartFigure>
        <ChartFigure
          testId="chart-languages"
          title={t('statsUi.charts.languages')}
          summary={top(languages)}
          table={{
            headers: [t('statsUi.table.language'), t('statsUi.table.books')],
            rows: languages.map((l) => [l.label, format(l.value)]),
          }}
        >
          <ShareChart data={languages} format={format} />
        </ChartFigure>
        <ChartFigure
          testId="chart-ratings"
          title={t('statsUi.charts.ratings')}
          summary={top(ratings)}
          table={{
            headers: [t('statsUi.table.rating'), t('statsUi.table.count')],
            rows: ratings.map((r) => [r.label, format(r.value)]),
          }}
        >
          <ColumnChart data={ratings} name={t('statsUi.series.ratings')} format={format} />
        </ChartFigure>
        <ChartFigure
          testId="chart-authors"
          title={t('statsUi.charts.authors')}
          summary={top(authors)}
          table={{
            headers: [t('statsUi.table.author'), t('statsUi.table.books')],
            rows: authors.map((a) => [a.label, format(a.value)]),
          }}
        >
          <RankChart data={authors} name={t('statsUi.series.count')} format={format} />
        </ChartFigure>
      </div>
    </div>
  );
}
