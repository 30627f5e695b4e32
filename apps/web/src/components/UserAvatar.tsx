import { useState } from 'react';
import { colourForName, initialsOf } from './avatar';

interface UserAvatarProps {
  name: string;
  pictureUrl?: string | null;
  size?: number;
}

/** The reader's picture, or a generated initials avatar when there is none (or it fails to load). Decorative. */
export function UserAvatar({ name, pictureUrl, size = 36 }: UserAvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const style = { width: size, height: size };

  if (pictureUrl && failedUrl !== pictureUrl) {
    return (
      <img
        src={pictureUrl}
        alt=""
        width={size}
        height={size}
        style={style}
        className="shrink-0 rounded-full object-cover"
        referrerPolicy="no-referrer"
        onError={() => setFailedUrl(pictureUrl)}
      />
    );
  }

  return (
    <span
      aria-hidden="true"
      // Initials are drawn by CSS (::before) so they never count as the visible text of a labelled button.
      data-initials={initialsOf(name)}
      style={{ ...style, backgroundColor: colourForName(name), fontSize: Math.round(size * 0.4) }}
      className="initials-avatar inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white select-none"
    />
  );
}
