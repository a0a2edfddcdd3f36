/**
 * A request's body read whole, whatever its content type, up to a size, by body-parser (the reader
 * Express and Directus use). A body it refuses (too large, an unknown encoding, the client gone) is
 * read off to its end before the refusal is told, so the refusal reaches the client, and the request
 * is never destroyed under the server: Directus's request metrics read the socket of every request
 * when its answer ends, and a destroyed request's socket is gone, which ended the whole process.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { finished } from 'node:stream/promises';
import bodyParser from 'body-parser';

export class BodyRefused extends Error {
  /** 413 past the size, 415 for an encoding it cannot read, 400 otherwise (the client broke off, a bad length). */
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
  get tooLarge(): boolean {
    return this.status === 413;
  }
}

/** The rest of a body nobody reads, read off and dropped; a client that breaks off ends it too. */
async function readOff(req: IncomingMessage): Promise<void> {
  if (req.readableEnded || req.destroyed) return;
  req.resume();
  await finished(req).catch(() => undefined);
}

/** The request's bytes, at most `limit` of them (gzip and deflate bodies are inflated first, and their inflated size counts). */
export async function readRawBody(req: IncomingMessage, res: ServerResponse, limit: number): Promise<Buffer> {
  // A body another parser read (Directus reads JSON) is gone from the stream: its bytes are that parser's to give.
  if ((req as IncomingMessage & { _body?: unknown })._body) throw new Error('The request body was read before');
  const parse = bodyParser.raw({ type: () => true, limit });
  const failure = await new Promise<unknown>((resolve) => parse(req, res, resolve));
  if (failure) {
    await readOff(req);
    const status = (failure as { status?: unknown }).status;
    throw new BodyRefused(typeof status === 'number' && status >= 400 && status < 500 ? status : 400, String((failure as Error).message ?? failure));
  }
  const body = (req as IncomingMessage & { body?: unknown }).body;
  return Buffer.isBuffer(body) ? body : Buffer.alloc(0);
}
