/**
 * Drive preview links (spec §5): the file id comes from an `id` query parameter, a `/d/<id>` or
 * `/file/d/<id>` path, or `/open?id=<id>`. Returns null when the link holds no id.
 */
const FILE_ID = /^[A-Za-z0-9_-]{10,}$/;

export function parseDriveFileId(link: string | null | undefined): string | null {
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (!/(^|\.)google\.com$/.test(url.hostname) && !/(^|\.)googleusercontent\.com$/.test(url.hostname))
    return null;
  const pathMatch = /\/(?:file\/)?d\/([^/?#]+)/.exec(url.pathname);
  const candidate = pathMatch?.[1] ?? url.searchParams.get('id');
  return candidate && FILE_ID.test(candidate) ? candidate : null;
}

/** The embeddable preview address of a Drive file. */
export function driveEmbedUrl(fileId: string): string {
  return `https://drive.google.com/file/d/${encodeURIComponent(fileId)}/preview`;
}
