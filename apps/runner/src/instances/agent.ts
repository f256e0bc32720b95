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
 *   {id, op: "setenv", env {name: value}}                → {id, ok}   (a prepared instance — bubblewrap or
 *       Docker pool — handed to its user: what later commands and terminals start with; the host checked the
 *       names as for a new instance)
 *   {id, op: "pty_open", cols, rows}                     → {id, ok, pty}   then events (no id):
 *       {event: "pty_data", pty, data (base64)} … {event: "pty_exit", pty, exitCode}
 *   {id, op: "pty_write", pty, data (base64)} · {id, op: "pty_resize", pty, cols, rows} · {id, op: "pty_close", pty}
 *   {id, op: "http", port, method, path, headers [[name, value]], body (base64), timeoutMs, maxBytes}
 *       → {id, ok, failure: null | "refused" | "timeout" | "error", status, headers, body (base64), truncated}
 *   {id, op: "tcp_open", port, timeoutMs}               → {id, ok, failure: null | "refused" | "timeout" | "error", stream}
 *       then events (no id): {event: "tcp_data", stream, data (base64)} … {event: "tcp_eof", stream} · {event: "tcp_closed", stream}
 *   {id, op: "tcp_write", stream, data (base64)}         → {id, ok} once the bytes are in the socket
 *   {id, op: "tcp_ack", stream, bytes} · {id, op: "tcp_shutdown", stream} · {id, op: "tcp_close", stream}
 *
 * A terminal is a shell in its own session on a pseudo-terminal (the pty's size set with TIOCSWINSZ); its
 * output streams to the host as events. The http op is how the host reaches the learner's app: the instance
 * has its own network namespace, so only a process inside it can connect to 127.0.0.1:<port>. A tcp stream is a
 * raw connection to such a port (the app proxy's WebSocket upgrades): every stream of the instance is served by
 * one thread with non-blocking sockets, so streams cost no threads of the instance's process limit. The host
 * acknowledges the bytes it has passed on; past STREAM_WINDOW unacknowledged bytes the stream is not read,
 * so a browser that reads slowly holds back the app (TCP back-pressure), not the host's memory.
 *
 * Each exec runs in its own session; on timeout the whole session is killed. Processes a command leaves in
 * the background (an app server) keep running until the instance stops. The agent makes itself
 * non-dumpable so the learner's processes (same uid) cannot ptrace it or open its pipes via /proc. It runs
 * as `python3 -I -S`: isolated mode, no site packages, nothing from the workspace on its import path.
 */
export const AGENT_SOURCE = String.raw`
import base64, collections, fcntl, http.client, json, os, queue, select, signal, socket, struct, subprocess, sys, termios, threading, time

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


def run_setenv(req):
    env = req.get('env') or {}
    for name, value in env.items():
        if not isinstance(name, str) or not isinstance(value, str) or not name or '=' in name or '\0' in name + value:
            raise ValueError('bad environment variable')
    os.environ.update(env)
    return {}


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


PTYS = {}
PTY_LIMIT = 4
PTY_RATE = 1 << 20
PTY_IDS = iter(range(1, 1 << 30))
SHELL = '/bin/bash' if os.path.exists('/bin/bash') else '/bin/sh'


def set_size(fd, cols, rows):
    cols = max(2, min(int(cols), 1000))
    rows = max(2, min(int(rows), 500))
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack('HHHH', rows, cols, 0, 0))


def take_terminal():
    # Runs in the child after setsid(): the pty on fd 0 becomes its controlling terminal (job control, ^C).
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def pump(sid, master, proc):
    # A background process the shell started may hold the pty open after the shell is gone, so the end
    # is the shell's exit, not the end of the output. Output is capped at PTY_RATE bytes a second: past
    # it the reader pauses, the pty fills and a program printing without end (yes) waits, rather than
    # flooding the host and the browser; ^C still gets through (writes have their own thread).
    window, sent = time.monotonic(), 0
    while True:
        ready, _, _ = select.select([master], [], [], 0.5)
        if not ready:
            if proc.poll() is not None:
                break
            continue
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        reply({'event': 'pty_data', 'pty': sid, 'data': base64.b64encode(chunk).decode()})
        sent += len(chunk)
        elapsed = time.monotonic() - window
        if elapsed >= 1:
            window, sent = time.monotonic(), 0
        elif sent >= PTY_RATE:
            time.sleep(1 - elapsed)
            window, sent = time.monotonic(), 0
    code = proc.wait()
    entry = PTYS.pop(sid, None)
    if entry is not None:
        entry[2].put(None)
    try:
        os.close(master)
    except OSError:
        pass
    reply({'event': 'pty_exit', 'pty': sid, 'exitCode': code})


def run_pty_open(req):
    if len(PTYS) >= PTY_LIMIT:
        raise ValueError('too many terminals are open')
    master, slave = os.openpty()
    try:
        set_size(master, req.get('cols', 80), req.get('rows', 24))
        env = dict(os.environ, TERM='xterm-256color', PS1='learner:\\w$ ')
        argv = [SHELL, '--noprofile', '--norc', '-i'] if SHELL.endswith('bash') else [SHELL, '-i']
        proc = subprocess.Popen(argv, cwd=ROOT, env=env, stdin=slave, stdout=slave, stderr=slave,
                                start_new_session=True, close_fds=True, preexec_fn=take_terminal)
    except Exception:
        os.close(master)
        raise
    finally:
        os.close(slave)
    sid = next(PTY_IDS)
    keys = queue.Queue()
    PTYS[sid] = (master, proc, keys)
    threading.Thread(target=pump, args=(sid, master, proc), daemon=True).start()
    threading.Thread(target=type_into, args=(master, keys), daemon=True).start()
    return {'pty': sid}


def type_into(master, keys):
    # One writer per terminal, fed in arrival order: keystrokes must never overtake each other, and a
    # shell that stops reading blocks only this thread.
    while True:
        data = keys.get()
        if data is None:
            return
        try:
            while data:
                data = data[os.write(master, data):]
        except OSError:
            return


def pty_of(req):
    entry = PTYS.get(req.get('pty'))
    if entry is None:
        raise ValueError('no such terminal')
    return entry


def run_pty_write(req):
    pty_of(req)[2].put(base64.b64decode(req.get('data') or ''))
    return {}


def run_pty_resize(req):
    master, proc, _ = pty_of(req)
    set_size(master, req.get('cols', 80), req.get('rows', 24))
    try:
        os.killpg(proc.pid, signal.SIGWINCH)
    except OSError:
        pass
    return {}


def session_members(sid):
    members = []
    for name in os.listdir('/proc'):
        if name.isdigit():
            try:
                if os.getsid(int(name)) == sid:
                    members.append(int(name))
            except OSError:
                pass
    return members


def run_pty_close(req):
    entry = PTYS.get(req.get('pty'))
    if entry is not None:
        # Like closing a terminal window: the shell gets SIGHUP (and passes it to its jobs), then whatever is
        # left of its session (jobs run in process groups of their own) is SIGKILLed.
        proc = entry[1]
        try:
            os.killpg(proc.pid, signal.SIGHUP)
            proc.wait(1.0)
        except (OSError, subprocess.TimeoutExpired):
            pass
        for pid in session_members(proc.pid):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        try:
            proc.wait(1.0)
        except subprocess.TimeoutExpired:
            pass
    return {}


def run_http(req):
    timeout = max(0.05, int(req.get('timeoutMs', 10000)) / 1000)
    cap = int(req.get('maxBytes', 4194304))
    connection = http.client.HTTPConnection('127.0.0.1', int(req['port']), timeout=timeout)
    try:
        connection.putrequest(req.get('method', 'GET'), req.get('path') or '/', skip_host=True,
                              skip_accept_encoding=True)
        for name, value in req.get('headers') or []:
            connection.putheader(name, value)
        body = base64.b64decode(req.get('body') or '')
        if body or req.get('method') not in ('GET', 'HEAD', 'DELETE', 'OPTIONS'):
            connection.putheader('Content-Length', str(len(body)))
        connection.endheaders(body or None)
        response = connection.getresponse()
        data = response.read(cap + 1)
        return {'failure': None, 'status': response.status, 'headers': response.getheaders(),
                'body': base64.b64encode(data[:cap]).decode(), 'truncated': len(data) > cap}
    except ConnectionRefusedError:
        return {'failure': 'refused'}
    except (socket.timeout, TimeoutError):
        return {'failure': 'timeout'}
    except (OSError, http.client.HTTPException) as error:
        return {'failure': 'error', 'message': str(error)[:200]}
    finally:
        connection.close()


STREAMS = {}
STREAM_LIMIT = 16
STREAM_WINDOW = 262144
STREAM_IDS = iter(range(1, 1 << 30))
STREAM_LOCK = threading.Lock()
STREAM_WAKE = os.pipe()
STREAM_LOOP = []
for _fd in STREAM_WAKE:
    os.set_blocking(_fd, False)


class Stream:
    def __init__(self, sock):
        self.sock = sock
        self.unacked = 0
        self.outgoing = collections.deque()  # [memoryview, request id]
        self.eof = False  # the app closed its side
        self.shutdown = False  # the host asked to close our side once the queue is written
        self.shut = False  # our side is closed (SHUT_WR sent)
        self.closing = False  # the host dropped the stream


def wake_streams():
    try:
        os.write(STREAM_WAKE[1], b'.')
    except OSError:
        pass


def end_stream(sid, stream, event=True):
    # Called with STREAM_LOCK held, on the stream thread only.
    STREAMS.pop(sid, None)
    try:
        stream.sock.close()
    except OSError:
        pass
    for _, rid in stream.outgoing:
        reply({'id': rid, 'ok': False, 'error': 'the connection is closed'})
    stream.outgoing.clear()
    if event:
        reply({'event': 'tcp_closed', 'stream': sid})


def pull_stream(sid, stream):
    try:
        chunk = stream.sock.recv(65536)
    except (BlockingIOError, InterruptedError):
        return
    except OSError:
        chunk = b''
    if not chunk:
        # The app closed its side: what the host still sends is written, then the connection is closed.
        stream.eof = True
        stream.shutdown = True
        reply({'event': 'tcp_eof', 'stream': sid})
        return
    stream.unacked += len(chunk)
    reply({'event': 'tcp_data', 'stream': sid, 'data': base64.b64encode(chunk).decode()})


def push_stream(sid, stream):
    while stream.outgoing:
        data, rid = stream.outgoing[0]
        try:
            sent = stream.sock.send(data)
        except (BlockingIOError, InterruptedError):
            return True
        except OSError:
            return False
        if sent < len(data):
            stream.outgoing[0] = [data[sent:], rid]
            return True
        stream.outgoing.popleft()
        reply({'id': rid, 'ok': True})
    return True


def serve_streams():
    while True:
        with STREAM_LOCK:
            for sid, stream in list(STREAMS.items()):
                if stream.closing:
                    end_stream(sid, stream, event=False)
                    continue
                if stream.shutdown and not stream.shut and not stream.outgoing:
                    stream.shut = True
                    try:
                        stream.sock.shutdown(socket.SHUT_WR)
                    except OSError:
                        pass
                if stream.eof and stream.shut:
                    end_stream(sid, stream)
            entries = list(STREAMS.items())
        readers = [STREAM_WAKE[0]] + [s.sock for _, s in entries if not s.eof and s.unacked < STREAM_WINDOW]
        writers = [s.sock for _, s in entries if s.outgoing]
        try:
            readable, writable, _ = select.select(readers, writers, [], 5)
        except (OSError, ValueError):
            readable, writable = [], []  # a socket closed under us; the next round drops it
        if STREAM_WAKE[0] in readable:
            try:
                while os.read(STREAM_WAKE[0], 4096):
                    pass
            except OSError:
                pass
        with STREAM_LOCK:
            for sid, stream in entries:
                if STREAMS.get(sid) is not stream or stream.closing:
                    continue
                if stream.sock in writable and not push_stream(sid, stream):
                    end_stream(sid, stream)
                    continue
                if stream.sock in readable:
                    pull_stream(sid, stream)


def stream_of(req):
    stream = STREAMS.get(req.get('stream'))
    if stream is None:
        raise ValueError('no such connection')
    return stream


def run_tcp_open(req):
    if len(STREAMS) >= STREAM_LIMIT:
        raise ValueError('too many connections are open')
    timeout = max(0.05, int(req.get('timeoutMs', 10000)) / 1000)
    try:
        sock = socket.create_connection(('127.0.0.1', int(req['port'])), timeout=timeout)
    except ConnectionRefusedError:
        return {'failure': 'refused'}
    except (socket.timeout, TimeoutError):
        return {'failure': 'timeout'}
    except OSError as error:
        return {'failure': 'error', 'message': str(error)[:200]}
    sock.setblocking(False)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    with STREAM_LOCK:
        sid = next(STREAM_IDS)
        # Answered before the stream is served, so its first bytes never reach the host before its id does.
        reply({'id': req['id'], 'ok': True, 'failure': None, 'stream': sid})
        STREAMS[sid] = Stream(sock)
        if not STREAM_LOOP:
            STREAM_LOOP.append(threading.Thread(target=serve_streams, daemon=True))
            STREAM_LOOP[0].start()
    wake_streams()
    return None


def run_tcp_write(req):
    with STREAM_LOCK:
        stream = stream_of(req)
        if stream.shutdown:
            raise ValueError('the connection is closing')
        stream.outgoing.append([memoryview(base64.b64decode(req.get('data') or '')), req['id']])
    wake_streams()
    return None  # answered by the stream thread once the bytes are in the socket


def run_tcp_ack(req):
    with STREAM_LOCK:
        stream = STREAMS.get(req.get('stream'))
        if stream is not None:
            stream.unacked = max(0, stream.unacked - int(req.get('bytes', 0)))
    wake_streams()
    return {}


def run_tcp_shutdown(req):
    with STREAM_LOCK:
        stream = STREAMS.get(req.get('stream'))
        if stream is not None:
            stream.shutdown = True
    wake_streams()
    return {}


def run_tcp_close(req):
    with STREAM_LOCK:
        stream = STREAMS.get(req.get('stream'))
        if stream is not None:
            stream.closing = True
    wake_streams()
    return {}


# Handled in arrival order on the reading thread (each other request gets a thread of its own).
ORDERED = {'pty_write', 'pty_resize', 'tcp_write', 'tcp_ack', 'tcp_shutdown', 'tcp_close'}
OPS = {'exec': run_exec, 'write': run_write, 'read': run_read, 'ports': run_ports, 'setenv': run_setenv,
       'pty_open': run_pty_open,
       'pty_write': run_pty_write, 'pty_resize': run_pty_resize, 'pty_close': run_pty_close, 'http': run_http,
       'tcp_open': run_tcp_open, 'tcp_write': run_tcp_write, 'tcp_ack': run_tcp_ack,
       'tcp_shutdown': run_tcp_shutdown, 'tcp_close': run_tcp_close}


def handle(req):
    try:
        result = OPS[req['op']](req)
        if result is None:
            return  # the op answers by itself (tcp_open, tcp_write)
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
    if request.get('op') in ORDERED:
        handle(request)  # never blocks: the write is queued for the terminal's writer
        continue
    try:
        threading.Thread(target=handle, args=(request,), daemon=True).start()
    except RuntimeError:
        # The learner's processes used up the instance's process limit; the agent itself must survive.
        reply({'id': request.get('id'), 'ok': False, 'error': 'the instance has reached its process limit'})
`;
