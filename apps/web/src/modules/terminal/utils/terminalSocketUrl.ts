/** The terminal socket of an instance on this page's own origin (the server checks the Origin). */
export function terminalSocketUrl(instanceId: string, cols: number, rows: number): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}/api/instances/${encodeURIComponent(instanceId)}/terminal?cols=${cols}&rows=${rows}`;
}
