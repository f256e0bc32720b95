/**
 * `value` as gzip-compressed JSON, or null where the browser has no CompressionStream (the caller then
 * sends it uncompressed). CompressionStream has no level setting: the spec's "level 9" is not reachable
 * from the browser without shipping a compressor, and the default level is close in size for JSON.
 */
export async function gzipJson(value: unknown): Promise<Blob | null> {
  if (typeof CompressionStream === 'undefined') return null;
  const stream = new Blob([JSON.stringify(value)]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Response(stream).blob();
}
