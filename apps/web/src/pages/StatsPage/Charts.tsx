/**
 * The stats page's charts (Recharts: SVG, so they take the theme's CSS variables and the page's
 * fonts — Ge'ez script included — with no extra work). Imported only by the stats page's chunk.
 * Their keyboard layer is off: the drawing is hidden from assistive technology, and each chart's
 * summary and table (ChartFigure) carry the same figures.
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  Legend,
  Line,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

const INK = 'var(--color-ink)';
const MUTED = 'var(--color-ink-muted)';
const LINE = 'var(--color-line)';
export const SERIES_COLOURS = ['var(--color-accent)', 'var(--color-gold)', 'var(--color-ink-muted)'] as const;

const tick = { fill: MUTED, fontSize: 12 };
const tooltipStyle = {
  contentStyle: {
    background: 'var(--color-surface)',
    border: '1px solid var(--color-line-strong)',
    borderRadius: 8,
    color: INK,
  },
  labelStyle: { color: INK, fontWeight: 600 },
  itemStyle: { color: INK },
};

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}

export interface PeriodRow {
  label: string;
  books: number;
  pages: number;
  didNotFinish: number;
}

/** Books finished and given up (bars, left axis) and pages (line, right axis) per month or year. */
export function PeriodChart({
  data,
  names,
  format,
}: {
  data: PeriodRow[];
  names: { books: string; pages: string; didNotFinish: string };
  format: (value: number) => string;
}) {
  const animate = !prefersReducedMotion();
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart
        accessibilityLayer={false}
        data={data}
        margin={{ top: 8, right: 8, bottom: 0, left: -8 }}
      >
        <CartesianGrid stroke={LINE} strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={tick} stroke={LINE} interval="preserveStartEnd" />
        <YAxis yAxisId="books" allowDecimals={false} tick={tick} stroke={LINE} tickFormatter={format} />
        <YAxis yAxisId="pages" orientation="right" tick={tick} stroke={LINE} tickFormatter={format} />
        <Tooltip {...tooltipStyle} formatter={(value) => format(Number(value))} />
        <Legend wrapperStyle={{ color: INK, fontSize: 13 }} />
        <Bar
          yAxisId="books"
          dataKey="books"
          name={names.books}
          fill={SERIES_COLOURS[0]}
          radius={[4, 4, 0, 0]}
          maxBarSize={32}
          isAnimationActive={animate}
        />
        <Bar
          yAxisId="books"
          dataKey="didNotFinish"
          name={names.didNotFinish}
          fill={SERIES_COLOURS[1]}
          radius={[4, 4, 0, 0]}
          maxBarSize={32}
          isAnimationActive={animate}
        />
        <Line
          yAxisId="pages"
          type="linear"
          dataKey="pages"
          name={names.pages}
          stroke={INK}
          strokeWidth={2}
          dot={{ r: 3, fill: INK }}
          isAnimationActive={animate}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}

/** Horizontal bars, most first (genres, authors). */
export function RankChart({
  data,
  name,
  format,
}: {
  data: { label: string; value: number }[];
  name: string;
  format: (value: number) => string;
}) {
  const animate = !prefersReducedMotion();
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        accessibilityLayer={false}
        data={data}
        layout="vertical"
        margin={{ top: 0, right: 16, bottom: 0, left: 8 }}
      >
        <CartesianGrid stroke={LINE} strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={tick} stroke={LINE} tickFormatter={format} />
        <YAxis type="category" dataKey="label" tick={tick} stroke={LINE} width={110} />
        <Tooltip {...tooltipStyle} formatter={(value) => format(Number(value))} />
        <Bar
          dataKey="value"
          name={name}
          fill={SERIES_COLOURS[0]}
          radius={[0, 4, 4, 0]}
          maxBarSize={28}
          isAnimationActive={animate}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Vertical bars in a fixed order (ratings 1–5). */
export function ColumnChart({
  data,
  name,
  format,
}: {
  data: { label: string; value: number }[];
  name: string;
  format: (value: number) => string;
}) {
  const animate = !prefersReducedMotion();
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
        <CartesianGrid stroke={LINE} strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={tick} stroke={LINE} />
        <YAxis allowDecimals={false} tick={tick} stroke={LINE} tickFormatter={format} />
        <Tooltip {...tooltipStyle} formatter={(value) => format(Number(value))} />
        <Bar
          dataKey="value"
          name={name}
          fill={SERIES_COLOURS[1]}
          radius={[4, 4, 0, 0]}
          maxBarSize={32}
          isAnimationActive={animate}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** A ring of shares (languages). */
export function ShareChart({
  data,
  format,
}: {
  data: { label: string; value: number }[];
  format: (value: number) => string;
}) {
  const animate = !prefersReducedMotion();
  return (
    <ResponsiveContainer width="100%" height="100%">
      <PieChart accessibilityLayer={false}>
        <Pie
          data={data}
          dataKey="value"
          nameKey="label"
          innerRadius="55%"
          outerRadius="85%"
          paddingAngle={2}
          rootTabIndex={-1}
          stroke="var(--color-surface)"
          isAnimationActive={animate}
        >
          {data.map((entry, i) => (
            <Cell key={entry.label} fill={SERIES_COLOURS[i % SERIES_COLOURS.length]} />
          ))}
        </Pie>
        <Tooltip {...tooltipStyle} formatter={(value) => format(Number(value))} />
        <Legend wrapperStyle={{ color: INK, fontSize: 13 }} />
      </PieChart>
    </ResponsiveContainer>
  );
}
