import { createElement, startTransition, useEffect, useId, useRef, useState } from 'react';
import { COVER_HEIGHT, COVER_WIDTH, coverDesign, type CoverShape, type CoverText } from '@nebab/shared';

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
 * (`coverDesign` from @nebab/shared) as inline SVG so the page's bundled fonts — Noto Sans Ethiopic
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
          ref={imageRef}
          key={current}
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
  const design = coverDesign({ title, author, genre });
  const clipId = useId();
  const labelled = alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true as const };
  return (
    <svg
      viewBox={`0 0 ${COVER_WIDTH} ${COVER_HEIGHT}`}
      className={className}
      focusable="false"
      data-testid="generated-cover"
      data-pattern={design.pattern}
      {...labelled}
    >
      <rect width={COVER_WIDTH} height={COVER_HEIGHT} fill={design.background} />
      <clipPath id={clipId}>
        <rect
          x={design.patternBox.x}
          y={design.patternBox.y}
          width={design.patternBox.w}
          height={design.patternBox.h}
        />
      </clipPath>
      <g clipPath={`url(#${clipId})`} {...svgProps(design.patternStyle)}>
        {design.shapes.map((shape, index) =>
          createElement(shape.tag, { key: index, ...svgProps(shape.attrs) }),
        )}
      </g>
      {createElement(design.rule.tag, svgProps(design.rule.attrs))}
      <CoverLines text={design.title} />
      {design.author ? <CoverLines text={design.author} /> : null}
    </svg>
  );
}

/** SVG attribute names as React props (`stroke-width` → `strokeWidth`). */
function svgProps(attrs: CoverShape['attrs']): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(attrs).map(([key, value]) => [
      key.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()),
      value,
    ]),
  );
}

function CoverLines({ text }: { text: CoverText }) {
  return (
    <text
      fontFamily={text.fontFamily}
      fontSize={text.fontSize}
      fontWeight={text.fontWeight}
      fill={text.fill}
      textAnchor={text.anchor}
      letterSpacing={text.letterSpacing}
    >
      {text.lines.map((line, i) => (
        <tspan key={i} x={text.x} y={text.y + i * text.lineHeight}>
          {line}
        </tspan>
      ))}
    </text>
  );
}
