/**
 * What keeps plans exact without anyone asking: the scheduled check (plans that end, reminders,
 * open invoices), editors' grants and revocations applied with the row that records them, and
 * decorations a lapsed plan kept aside, forgotten once the person chooses again.
 */
import { defineHook } from '@directus/extensions';
import { paymentConfig } from './config.ts';
import { toJson } from './db.ts';
import { DECORATIONS, forgetChosen, type Kept } from './decorations.ts';
import { wearAllowed } from './plan-change.ts';
import { applyManualChange } from './manual-changes.ts';
import { runPlanChecks } from './plan-checks.ts';

/** The fields of a profile a plan decides (its decorations and its avatar), and the role that decides them. */
const WORN_FIELDS = [...DECORATIONS, 'avatar', 'role'];

export default defineHook(({ action, filter, schedule }, { database, env, logger, services, getSchema }) => {
  const config = paymentConfig(env);
  const log = (err: unknown) => logger.error(err);
  const sendMail = async (to: string, subject: string, data: Record<string, string>) => {
    const mail = new services.MailService({ schema: await getSchema(), knex: database });
    await mail.send({ to, subject, template: { name: 'plan-notice', data } });
  };

  // On a first start the schedule can come before the schema is applied: nothing to check yet.
  const applied = async () => Boolean((await getSchema()).collections.directus_users?.fields.paidUntil);
  schedule(config.checkCron, async () => {
    if (await applied()) await runPlanChecks({ database, config, sendMail, log });
  });

  filter('planChanges.items.create', (payload, _meta, context) => applyManualChange(payload as Record<string, unknown>, context.database));

  // A decoration the person sets or takes off themselves is their choice now: the kept one is
  // forgotten once the change is stored (not in a filter: Directus runs filters outside the update's
  // transaction, so a change another rule refused still forgot it). Then what the role does not allow
  // is taken off again: a plan that ended between the rule's look at the role and the write left it on.
  action('users.update', async (meta, context) => {
    const db = context.database;
    const payload = meta.payload as Record<string, unknown>;
    const wears = WORN_FIELDS.some((field) => field in payload);
    for (const id of (meta.keys ?? []) as string[]) {
      const row = await db('directus_users').where({ id }).first('keptDecorations');
      const kept = forgetChosen(toJson<Kept>(row?.keptDecorations, {}), payload);
      if (kept) await db('directus_users').where({ id }).update({ keptDecorations: Object.keys(kept).length ? JSON.stringify(kept) : null });
      if (wears) await db.transaction((trx) => wearAllowed(trx, id));
    }
  });
});
