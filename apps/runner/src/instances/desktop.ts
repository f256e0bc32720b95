// A graphical desktop inside a live instance (the VNC widget, docs/widgets.md "VNC"): a virtual display
// (Xvfb), a small window manager (twm), an xterm on it and a VNC server (x11vnc) listening on the
// instance's own loopback. Nothing of it reaches the host's network: the server relays the VNC bytes over
// a TCP stream through the instance's agent (openTcpStream), like the app proxy's WebSockets.

export interface DesktopSpec {
  /** The display inside the instance (`DISPLAY`). */
  display: string;
  /** The VNC server's port on the instance's 127.0.0.1. */
  port: number;
}

export const DESKTOP_SPEC: DesktopSpec = { display: ':1', port: 5900 };

/** Host paths a desktop needs besides the base binds: keyboard maps, fonts, the X programs' defaults. */
export const DESKTOP_BINDS = ['/usr/share/X11', '/usr/share/fonts', '/etc/fonts', '/etc/X11'];

export const DESKTOP_ENV: Record<string, string> = { DISPLAY: DESKTOP_SPEC.display };

/** The desktop's size in pixels, as the VNC widget allows it (packages/contracts `VncWidgetSchema`). */
export const DesktopSizeLimits = { minWidth: 320, maxWidth: 1920, minHeight: 240, maxHeight: 1200 } as const;

/**
 * Starts what is not running yet and waits until the VNC server listens (15 s at most). Idempotent: a
 * desktop already served answers at once (its size stays the one it started with); a VNC server that died
 * is started again on the display that is still there. Exits non-zero with the reason on its output.
 * Arguments: width, height. Every program runs in the background with its output in /tmp/.desktop/*.log.
 */
const START_SCRIPT = `
set -u
width=$1 height=$2 port=$3 display=$4
dir=/tmp/.desktop
mkdir -p "$dir"
hexport=$(printf '%04X' "$port")
listening() { grep -q ":$hexport 00000000:0000 0A" /proc/net/tcp 2>/dev/null; }
alive() { [ -f "$dir/$1.pid" ] && kill -0 "$(cat "$dir/$1.pid")" 2>/dev/null; }
run() { name=$1; shift; nohup "$@" >>"$dir/$name.log" 2>&1 </dev/null & echo $! >"$dir/$name.pid"; }
wait_for() {
  tries=0
  until "$@"; do
    tries=$((tries + 1))
    if [ "$tries" -gt 150 ]; then return 1; fi
    sleep 0.1
  done
}
has_socket() { [ -S "/tmp/.X11-unix/X\${display#:}" ]; }
listening && exit 0
if ! alive xvfb; then
  rm -f "/tmp/.X\${display#:}-lock" "/tmp/.X11-unix/X\${display#:}"
  mkdir -p /tmp/.X11-unix && chmod 1777 /tmp/.X11-unix
  # Only the server's built-in fonts are sure to exist, so the window manager and the terminal use "fixed".
  printf '%s\n' 'TitleFont "fixed"' 'ResizeFont "fixed"' 'MenuFont "fixed"' 'IconFont "fixed"' \
    'IconManagerFont "fixed"' 'BorderWidth 2' 'RandomPlacement' >"$dir/twmrc"
  run xvfb Xvfb "$display" -screen 0 "\${width}x\${height}x24" -nolisten tcp -noreset -dpi 96
  if ! wait_for has_socket; then echo "The display server did not start."; tail -n 20 "$dir/xvfb.log"; exit 1; fi
  xsetroot -display "$display" -solid '#2e5874' >/dev/null 2>&1
  run wm twm -display "$display" -f "$dir/twmrc"
  run xterm xterm -display "$display" -fn fixed -geometry 80x20+40+40 -title Terminal
fi
if ! alive vnc; then
  run vnc x11vnc -display "$display" -localhost -rfbport "$port" -forever -shared -nopw -quiet -noxdamage -nossl
fi
if ! wait_for listening; then echo "The VNC server did not start."; tail -n 20 "$dir/vnc.log"; exit 1; fi
`;

/** The command that starts (or finds) the desktop of an instance, at the widget's size within the limits. */
export function desktopStartCommand(spec: DesktopSpec, size: { width: number; height: number }): string[] {
  const clamp = (value: number, min: number, max: number) =>
    Math.min(max, Math.max(min, Number.isInteger(value) ? value : min));
  const width = clamp(size.width, DesktopSizeLimits.minWidth, DesktopSizeLimits.maxWidth);
  const height = clamp(size.height, DesktopSizeLimits.minHeight, DesktopSizeLimits.maxHeight);
  return [
    '/bin/sh',
    '-c',
    START_SCRIPT,
    'desktop',
    String(width),
    String(height),
    String(spec.port),
    spec.display,
  ];
}
