/** The mail Directus sent, as the local outbox keeps it (scripts/sendmail-to-folder.mjs). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { vi } from 'vitest';

export interface Mail { to: string; subject: string; html: string; text: string }

async function read(file: string): Promise<Mail> {
  const parsed = await simpleParser(readFileSync(file));
  const to = [parsed.to].flat().flatMap((a) => a?.value ?? []).map((a) => a.address ?? '').join(', ');
  return { to, subject: parsed.subject ?? '', html: typeof parsed.html === 'string' ? parsed.html : '', text: parsed.text ?? '' };
}

/** Every mail to `address` in the outbox now, oldest first. */
export async function mailsTo(outbox: string, address: string): Promise<Mail[]> {
  const files = existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.eml')).sort() : [];
  const mails = await Promise.all(files.map((file) => read(path.join(outbox, file))));
  return mails.filter((mail) => mail.to.toLowerCase() === address.toLowerCase());
}

/** Waits for a mail to `address` and returns it (the newest, when there are several). */
export async function mailTo(outbox: string, address: string): Promise<Mail> {
  return vi.waitFor(async () => {
    const files = existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.eml')).sort().reverse() : [];
    for (const file of files) {
      const mail = await read(path.join(outbox, file));
      if (mail.to.toLowerCase() === address.toLowerCase()) return mail;
    }
    throw new Error(`No mail to ${address} in ${outbox} yet`);
  }, { timeout: 15_000, interval: 200 });
}

/** The first link of a mail that starts with `prefix`. */
export function linkIn(mail: Mail, prefix: string): string {
  const link = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replaceAll('&amp;', '&')).find((href) => href.startsWith(prefix));
  if (!link) throw new Error(`No link to ${prefix} in the mail «${mail.subject}»`);
  return link;
}
