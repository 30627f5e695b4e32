/** Up to two initials from a name: first letters of the first and last words. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = Array.from(words[0] ?? '')[0] ?? '';
  const last = words.length > 1 ? (Array.from(words[words.length - 1] ?? '')[0] ?? '') : '';
  return (first + last).toLocaleUpperCase();
}

/** Dark backgrounds on which white initials keep a contrast above 4.5:1. */
export const AVATAR_COLOURS = [
  '#0f5e63',
  '#7a3b12',
  '#5b3a87',
  '#1f5a2e',
  '#8a2a3c',
  '#274b7a',
  '#6b4e0e',
  '#3d4a52',
] as const;

/** A stable colour for a name, so the same reader always gets the same initials avatar. */
export function colourForName(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length] ?? AVATAR_COLOURS[0];
}
