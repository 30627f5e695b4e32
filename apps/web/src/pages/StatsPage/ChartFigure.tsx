import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ChartTable {
  headers: string[];
  rows: (string | number)[][];
}

/**
 * One chart with its text alternative: a caption, a one-line summary read by screen readers with
 * the chart, and the figures as a real table (collapsed for sighted readers, always in the
 * accessibility tree). The drawing itself is hidden from assistive technology.
 */
export function ChartFigure({
  title,
  summary,
  table,
  children,
  testId,
}: {
  title: string;
  summary: string;
  table: ChartTable;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <figure
      className="card flex min-w-0 flex-col gap-3 p-4"
      aria-labelledby={`${id}-title`}
      data-testid={testId}
    >
      <figcaption id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </figcaption>
      <p className="text-sm text-ink-muted" id={`${id}-summary`}>
        {summary}
      </p>
      <div className="h-64 w-full min-w-0" aria-hidden="true" data-testid="chart">
        {children}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer font-semibold text-accent">{t('statsUi.showTable')}</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full border-collapse text-start">
            <caption className="sr-only">{t('statsUi.table.caption', { chart: title })}</caption>
            <thead>
              <tr>
                {table.headers.map((header) => (
                  <th
                    key={header}
                    scope="col"
                    className="border-b border-line px-2 py-1 text-start font-semibold"
                  >
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) =>
                    c === 0 ? (
                      <th
                        key={c}
                        scope="row"
                        className="border-b border-line px-2 py-1 text-start font-normal"
                      >
                        {cell}
                      </th>
                    ) : (
                      <td key={c} className="border-b border-line px-2 py-1">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
