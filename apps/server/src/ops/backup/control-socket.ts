/**
 * DATA_DIR/control.sock: who holds the embedded database of a DATA_DIR, and how a backup reaches it.
 *
 * PGlite is one process's database and takes no lock of its own: two processes opening the same data dir
 * would each write it as if alone. So whichever process opens it (the server, or a backup or restore run while
 * no server does) first claims the data dir by listening on this unix socket (mode 0600, its owner only); a
 * second claim finds someone answering and is refused. The server's claim also answers snapshot requests
 * (pglite-snapshot.ts), which is how `npm run backup` copies the database while the server runs.
 *
 * A socket file left by a process that ended abruptly answers no one (ECONNREFUSED) and is replaced. Two
 * processes replacing the same stale file at the same instant could both claim; that needs two starts racing
 * right after a crash, which a supervisor that runs one server per DATA_DIR does not do.
 *
 * Protocol: one request per connection, a JSON line (`{"op":"who"}` or `{"op":"snapshot"}`); the answer is a
 * JSON line (`{ok, holder, pid, message?, bytes?}`), followed for a snapshot by `bytes` bytes of it.
 */
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { BackupError } from './backup-error.ts';
import { takeSnapshot } from './pglite-snapshot.ts';

export const CONTROL_SOCKET_NAME = 'control.sock';
/** Unix socket paths are limited to 107 bytes on Linux (103 on macOS). */
const MAX_SOCKET_PATH = 100;
const MAX_REQUEST_BYTES = 1024;

export type Holder = 'server' | 'backup' | 'restore';

const HOLDER_TEXT: Record<Holder, string> = {
  server: 'the ParcelOps server',
  backup: 'a backup (npm run backup)',
  restore: 'a restore (npm run restore)',
};

interface Reply {
  ok: boolean;
  holder: Holder;
  pid: number;
  message?: string;
  bytes?: number;
}

export class DataDirBusyError extends BackupError {}

/**
 * The socket's path: absolute when it fits the length limit, else relative to this process's working
 * directory (each process computes its own relative path to the same file).
 */
export function controlSocketPath(dataDir: string): string {
  const absolute = path.join(path.resolve(dataDir), CONTROL_SOCKET_NAME);
  if (absolute.length <= MAX_SOCKET_PATH) return absolute;
  const relative = path.relative(process.cwd(), absolute);
  if (relative.length <= MAX_SOCKET_PATH) return relative;
  throw new BackupError(
    `DATA_DIR ${dataDir} is too long a path for its control socket (${absolute}); use a shorter DATA_DIR.`,
  );
}

/** Sends one request; null when nobody holds the data dir (no socket, or a stale one). */
async function ask(
  socketPath: string,
  op: 'who' | 'snapshot',
): Promise<{ reply: Reply; body: Buffer } | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    const chunks: Buffer[] = [];
    let connected = false;
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify({ op })}\n`);
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) return resolve(null);
      if (error.code === 'EACCES')
        return reject(
          new BackupError(
            `Cannot open ${socketPath} (permission denied): run this as the user the server runs as.`,
          ),
        );
      reject(new BackupError(`The control socket ${socketPath} failed: ${error.code ?? error.message}.`));
    });
    socket.on('close', () => {
      if (!connected) return;
      const all = Buffer.concat(chunks);
      const end = all.indexOf(0x0a);
      try {
        if (end < 0) throw new Error('no answer');
        const reply = JSON.parse(all.subarray(0, end).toString('utf8')) as Reply;
        const body = all.subarray(end + 1);
        if (reply.ok && reply.bytes !== undefined && body.length !== reply.bytes)
          throw new Error(`cut short at ${body.length} of ${reply.bytes} bytes`);
        resolve({ reply, body });
      } catch (error) {
        reject(
          new BackupError(
            `The process holding ${socketPath} gave no usable answer (${(error as Error).message}).`,
          ),
        );
      }
    });
  });
}

/** Who holds the data dir, or null when nobody does. */
export async function holderOf(dataDir: string): Promise<{ holder: Holder; pid: number } | null> {
  const answer = await ask(controlSocketPath(dataDir), 'who');
  return answer ? { holder: answer.reply.holder, pid: answer.reply.pid } : null;
}

export function busyMessage(dataDir: string, holder: { holder: Holder; pid: number }): string {
  return `The embedded database in ${dataDir} is in use by ${HOLDER_TEXT[holder.holder]} (pid ${holder.pid})`;
}

/**
 * A snapshot from the process holding the data dir (the running server), or null when nobody holds it. A
 * holder that cannot give one (a restore in progress, a server still starting) is a BackupError.
 */
export async function requestSnapshot(dataDir: string): Promise<Buffer | null> {
  const answer = await ask(controlSocketPath(dataDir), 'snapshot');
  if (!answer) return null;
  if (!answer.reply.ok)
    throw new BackupError(answer.reply.message ?? `${busyMessage(dataDir, answer.reply)}; try again later.`);
  return answer.body;
}

export interface SnapshotLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface DataDirClaim {
  /** From now on, answer snapshot requests with copies of `client` (the server, once its database is open). */
  serveSnapshots(client: PGlite, log: SnapshotLog): void;
  /** Gives the data dir up (the socket file goes with it). */
  release(): Promise<void>;
}

/** Claims `dataDir` for this process; DataDirBusyError when another process holds it. */
export async function claimDataDir(dataDir: string, holder: Holder): Promise<DataDirClaim> {
  mkdirSync(dataDir, { recursive: true });
  const socketPath = controlSocketPath(dataDir);
  const current = await ask(socketPath, 'who');
  if (current) throw new DataDirBusyError(`${busyMessage(dataDir, current.reply)}; stop it first.`);
  // Nobody answers: a file here is a stale socket of a process that ended without releasing it.
  rmSync(socketPath, { force: true });

  let snapshots: { client: PGlite; log: SnapshotLog } | null = null;
  const respond = async (op: unknown): Promise<{ reply: Reply; body?: Buffer }> => {
    const base = { holder, pid: process.pid };
    if (op === 'who') return { reply: { ok: true, ...base } };
    if (op !== 'snapshot') return { reply: { ok: false, ...base, message: 'Unknown request.' } };
    if (!snapshots) {
      const message =
        holder === 'server'
          ? 'The server is still starting; try again in a moment.'
          : `${busyMessage(dataDir, base)}; try again when it is done.`;
      return { reply: { ok: false, ...base, message } };
    }
    const { client, log } = snapshots;
    try {
      const body = await takeSnapshot(client);
      log.info({ bytes: body.length }, 'Backup snapshot of the embedded database taken');
      return { reply: { ok: true, ...base, bytes: body.length }, body };
    } catch (error) {
      log.error({ err: error }, 'Backup snapshot failed');
      return {
        reply: {
          ok: false,
          ...base,
          message: `The server could not take the snapshot: ${(error as Error).message}`,
        },
      };
    }
  };

  const server = net.createServer((socket) => {
    let request = '';
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk) => {
      request += chunk.toString('utf8');
      const end = request.indexOf('\n');
      if (end < 0 && request.length < MAX_REQUEST_BYTES) return;
      socket.removeAllListeners('data');
      let op: unknown = null;
      try {
        op = (JSON.parse(request.slice(0, Math.max(end, 0))) as { op?: unknown }).op;
      } catch {
        // Answered as an unknown request.
      }
      void respond(op).then(
        ({ reply, body }) => {
          socket.write(`${JSON.stringify(reply)}\n`);
          if (body) socket.end(body);
          else socket.end();
        },
        () => socket.destroy(),
      );
    });
  });

  // The socket is created with the umask's permissions: narrow them before it exists, not after.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new DataDirBusyError(
        `The embedded database in ${dataDir} was claimed by another process just now.`,
      );
    throw error;
  } finally {
    process.umask(umask);
  }
  chmodSync(socketPath, 0o600);

  return {
    serveSnapshots(client, log) {
      snapshots = { client, log };
    },
    release: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
