/** If-None-Match with weak comparison (RFC 9110 §13.1.2): any listed tag equal to ours, or `*`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const ours = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === ours;
  });
}
