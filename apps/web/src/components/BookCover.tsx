import { startTransition, useEffect, useRef, useState } from 'react';
import { coverLayout } from '@nebab/shared';

export type BookCoverSize = 'xs' | 'sm' | 'md' | 'lg';

/** Rendered width × height in CSS pixels (2:3, like the generated cover's 200×300). */
const SIZES: Record<BookCoverSize, { width: number; height: number }> = {
  xs: { width: 32, height: 48 },
  sm: { width: 64, height: 96 },
  md: { width: 128, height: 192 },
  lg: { width: 200, height: 300 },
};

export interface BookCoverProps {
  title: string;
  author?: string | null;
  genre?: string | null;
  /** Cover addresses tried in order; when every one fails (or there is none) the generated cover is drawn. */
  candidates: readonly (string | null | undefined)[];
  size?: BookCoverSize;
  /** Stretches to the width of its container (keeping 2:3) instead of the fixed size. */
  fluid?: boolean;
  /** Alternative text; empty (decorative) by default because the title is usually shown beside it. */
  alt?: string;
  className?: string;
}

/**
 * A book cover: tries each candidate image in order on load error, then draws the generated cover
 * (`coverLayout` from @nebab/shared) as inline SVG so the page's bundled fonts — Noto Sans Ethiopic
 * included — apply to Ge'ez titles. Images are lazy-loaded with width and height set (no layout shift).
 */
export function BookCover({
  title,
  author,
  genre,
  candidates,
  size = 'md',
  fluid = false,
  alt = '',
  className = '',
}: BookCoverProps) {
  const urls = candidates.filter((url): url is string => !!url);
  const key = urls.join('|');
  const [failed, setFailedNow] = useState<{ key: string; count: number }>({ key, count: 0 });
  const [loaded, setLoadedNow] = useState<string | null>(null);
  // Covers settle (load, fail over to the next address) as transitions: dozens of them on a list page
  // must not hold the main thread, nor force a hydrating page to finish at once.
  const setFailed = (next: { key: string; count: number }) => startTransition(() => setFailedNow(next));
  const setLoaded = (next: string) => startTransition(() => setLoadedNow(next));
  const index = failed.key === key ? failed.count : 0;
  const { width, height } = SIZES[size];
  const current = urls[index];
  const showImage = !!current && loaded === current;
  const imageRef = useRef<HTMLImageElement>(null);

  // A server-rendered image may have loaded (or failed) before the page hydrated, when React was not
  // listening yet: read its state once mounted.
  useEffect(() => {
    const image = imageRef.current;
    if (!image || !current || !image.complete || loaded === current) return;
    if (image.naturalWidth > 1) setLoaded(current);
    else setFailed({ key, count: index + 1 });
  }, [current, loaded, key, index]);

  // The generated cover sits underneath: it shows while an image loads (or hangs) and after every
  // candidate failed; a loaded image fades in over it.
  return (
    <span
      className={`relative block shrink-0 overflow-hidden rounded-md bg-surface-2 shadow-sm ${fluid ? 'aspect-[2/3] w-full' : ''} ${className}`}
      style={fluid ? undefined : { width, height }}
      data-testid="book-cover"
    >
      <GeneratedCover
        title={title}
        author={author}
        genre={genre}
        alt={current ? '' : alt}
        className={`absolute inset-0 size-full transition-opacity duration-300 ${showImage ? 'opacity-0' : 'opacity-100'}`}
      />
      {current ? (
        <img
          key={current}
          ref={imageRef}
          src={current}
          alt={alt}
          width={width}
          height={height}
          loading="lazy"
          decoding="async"
          className={`absolute inset-0 size-full object-cover transition-opacity duration-300 ${showImage ? 'opacity-100' : 'opacity-0'}`}
          onLoad={(event) => {
            // Open Library answers a 1×1 pixel for unknown covers: treat it as missing.
            if (event.currentTarget.naturalWidth <= 1) setFailed({ key, count: index + 1 });
            else setLoaded(current);
          }}
          onError={() => setFailed({ key, count: index + 1 })}
        />
      ) : null}
    </span>
  );
}

function GeneratedCover({
  title,
  author,
  genre,
  alt,
  className,
}: {
  title: string;
  author?: string | null;
  genre?: string | null;
  alt: string;
  className: string;
}) {
  const layout = coverLayout({ title, author, genre });
  const labelled = alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true as const };
  return (
    <svg
      viewBox="0 0 200 300"
      className={className}
      focusable="false"
      data-testid="generated-cover"
      {...labelled}
    >
      <rect width="200" height="300" fill={layout.background} />
      <rect
        x="12"
        y="12"
        width="176"
        height="276"
        fill="none"
        stroke={layout.accent}
        strokeOpacity="0.55"
        strokeWidth="1.5"
      />
      <rect x="70" y="52" width="60" height="2" fill={layout.accent} />
      <g fill="#ffffff" fontFamily="Literata, Georgia, 'Noto Sans Ethiopic', 'Noto Serif Ethiopic', serif">
        {layout.titleLines.map((line, i) => (
          <text key={i} x="100" y={92 + i * 26} textAnchor="middle" fontSize="20" fontWeight="700">
            {line}
          </text>
        ))}
      </g>
      <rect x="70" y="236" width="60" height="2" fill={layout.accent} />
      <text
        x="100"
        y="262"
        textAnchor="middle"
        fontSize="13"
        fill={layout.accent}
        fontFamily="Inter, Arial, 'Noto Sans Ethiopic', sans-serif"
      >
        {layout.author}
      </text>
    </svg>
  );
}
