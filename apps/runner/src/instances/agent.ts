/**
 * The in-sandbox agent: the one long-lived process of an instance (bwrap's own init is pid 1 and reaps
 * orphans; the agent is its only child, so the instance ends when the agent does). It reads one JSON request
 * per line on stdin and answers one JSON line per request on stdout, in any order, matched by `id`:
 *
 *   {id, op: "exec", argv, stdin (base64), timeoutMs, outputBytes, cwd}
 *       → {id, ok, exitCode, signal, stdout, stderr (base64), stdoutTruncated, stderrTruncated, timedOut}
 *   {id, op: "write", path, content (base64), mode}      → {id, ok}
 *   {id, op: "read", path, maxBytes}                     → {id, ok, missing, content (base64)}
 *   {id, op: "ports"}                                    → {id, ok, ports}
 *
 * Each exec runs in its own session; on timeout the whole session is killed. Processes a command leaves in
 * the background (an app server) keep running until the instance stops. The agent makes itself
 * non-dumpable so the learner's processes (same uid) cannot ptrace it or open its pipes via /proc. It runs
 * as `python3 -I -S`: isolated mode, no site packages, nothing from the workspace on its import path.
 */
export const AGENT_SOURCE = String.raw`
import base64, json, os, signal, subprocess, sys, threading

try:
    import ctypes
    ctypes.CDLL(None).prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE = 0
except Exception:
    pass

ROOT = '/box/work'
OUT = sys.stdout.buffer
LOCK = threading.Lock()
SIGNALS = {int(s): s.name for s in signal.Signals}


def reply(message):
    data = (json.dumps(message, separators=(',', ':')) + '\n').encode()
    with LOCK:
        OUT.write(data)
        OUT.flush()


def inside(path):
    full = os.path.normpath(os.path.join(ROOT, path))
    if full != ROOT and not full.startswith(ROOT + '/'):
        raise ValueError('path outside the workspace')
    return full


def drain(stream, cap, sink):
    kept = bytearray()
    total = 0
    fd = stream.fileno()
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        total += len(chunk)
        room = cap - len(kept)
        if room > 0:
            kept += chunk[:room]
        sink['data'] = bytes(kept)
        sink['truncated'] = total > cap


def feed(stream, data):
    try:
        if data:
            stream.write(data)
        stream.close()
    except OSError:
        pass


def run_exec(req):
    cap = int(req.get('outputBytes', 65536))
    timeout = max(0.001, int(req.get('timeoutMs', 30000)) / 1000)
    proc = subprocess.Popen(  # may fail at the process limit: handle() turns that into an error reply
        req['argv'], cwd=inside(req.get('cwd') or '.'), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, start_new_session=True, close_fds=True)
    out, err = {'data': b'', 'truncated': False}, {'data': b'', 'truncated': False}
    readers = [threading.Thread(target=drain, args=(proc.stdout, cap, out), daemon=True),
               threading.Thread(target=drain, args=(proc.stderr, cap, err), daemon=True)]
    for reader in readers:
        reader.start()
    threading.Thread(target=feed, args=(proc.stdin, base64.b64decode(req.get('stdin') or '')), daemon=True).start()
    timed_out = False
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:
            pass
        proc.wait()
    # A command that started a background server may leave it holding the pipes: do not wait for it.
    for reader in readers:
        reader.join(0.25)
    code = proc.returncode
    return {'exitCode': code if code >= 0 else None, 'signal': SIGNALS.get(-code) if code < 0 else None,
            'stdout': base64.b64encode(out['data']).decode(), 'stderr': base64.b64encode(err['data']).decode(),
            'stdoutTruncated': out['truncated'], 'stderrTruncated': err['truncated'], 'timedOut': timed_out}


def run_write(req):
    full = inside(req['path'])
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, 'wb') as handle:
        handle.write(base64.b64decode(req['content']))
    os.chmod(full, int(req.get('mode', 420)) & 0o777)
    return {}


def run_read(req):
    try:
        with open(inside(req['path']), 'rb') as handle:
            data = handle.read(int(req.get('maxBytes', 1048576)))
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        return {'missing': True}
    return {'missing': False, 'content': base64.b64encode(data).decode()}


def run_ports(req):
    ports = set()
    for table in ('/proc/net/tcp', '/proc/net/tcp6'):
        try:
            with open(table) as handle:
                next(handle)
                for line in handle:
                    fields = line.split()
                    if len(fields) > 3 and fields[3] == '0A':
                        ports.add(int(fields[1].rsplit(':', 1)[1], 16))
        except OSError:
            pass
    return {'ports': sorted(ports)}


OPS = {'exec': run_exec, 'write': run_write, 'read': run_read, 'ports': run_ports}


def handle(req):
    try:
        result = OPS[req['op']](req)
        result.update({'id': req['id'], 'ok': True})
    except Exception as error:
        result = {'id': req.get('id'), 'ok': False, 'error': str(error)[:500]}
    reply(result)


os.makedirs(ROOT, exist_ok=True)
reply({'id': 0, 'ok': True, 'hello': True})
for line in sys.stdin.buffer:
    try:
        request = json.loads(line)
    except ValueError:
        continue
    try:
        threading.Thread(target=handle, args=(request,), daemon=True).start()
    except RuntimeError:
        # The learner's processes used up the instance's process limit; the agent itself must survive.
        reply({'id': request.get('id'), 'ok': False, 'error': 'the instance has reached its process limit'})
`;
