#!/usr/bin/env node
/**
 * A stand-in for sendmail, for the embedded default and the tests: Directus hands outgoing mail to
 * sendmail on standard input (the arguments name the sender and recipients), and this writes each
 * message as an .eml file into the folder named by MAIL_OUTBOX, where a person or a test reads it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';

const outbox = process.env.MAIL_OUTBOX;
if (!outbox) {
  console.error('MAIL_OUTBOX is not set');
  process.exit(1);
}
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
mkdirSync(outbox, { recursive: true });
writeFileSync(path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`), Buffer.concat(chunks));
