import { useState } from 'react';
import { UsersIcon } from '../../components/icons';

/** A club's uploaded cover, or a calm placeholder when there is none (or it fails). Decorative. */
export function ClubCover({ src, className = 'size-12' }: { src: string | null; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return (
      <img
        src={src}
        alt=""
        className={`shrink-0 rounded-lg object-cover ${className}`}
        loading="lazy"
        onError={() => setFailed(src)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent ${className}`}
    >
      <UsersIcon className="size-1/2" />
    </span>
  );
}
