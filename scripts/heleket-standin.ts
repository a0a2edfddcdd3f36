/**
 * The local stand-in of the payment gateway as a process of its own (see lib/heleket-standin.ts).
 * Settings come from the environment: HELEKET_STANDIN_PORT, HELEKET_MERCHANT, HELEKET_API_KEY and,
 * to keep invoices between runs, HELEKET_STANDIN_STATE. Prints its address once it listens.
 */
import { READY, startStandin } from './lib/heleket-standin.ts';

const env = process.env;
if (!env.HELEKET_MERCHANT || !env.HELEKET_API_KEY) {
  console.error('HELEKET_MERCHANT and HELEKET_API_KEY must be set');
  process.exit(1);
}
const { url, standin } = await startStandin({
  port: Number(env.HELEKET_STANDIN_PORT ?? 0),
  merchant: env.HELEKET_MERCHANT,
  apiKey: env.HELEKET_API_KEY,
  stateFile: env.HELEKET_STANDIN_STATE || undefined,
  log: env.HELEKET_STANDIN_QUIET ? undefined : (line) => console.log(line),
});
console.log(`${READY} ${url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void standin.close().then(() => process.exit(0)));
}
