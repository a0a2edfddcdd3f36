/**
 * What keeps plans exact without anyone asking: the scheduled check (plans that end, reminders,
 * open invoices), editors' grants and revocations applied with the row that records them, and
 * decorations a lapsed plan kept aside, forgotten once the person chooses again.
 */
import { defineHook } from '@directus/extensions';
import { paymentConfig } from './config.ts';
import { toJson } from './db.ts';
import { forgetChosen, type Kept } from './decorations.ts';
import { applyManualChange } from './manual-changes.ts';
import { runPlanChecks } from './plan-checks.ts';

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
  // forgotten once the change is stored. Not in a filter: Directus runs filters outside the update's
  // transaction, so a change another rule refused still forgot it.
  action('users.update', async (meta, context) => {
    const db = context.database;
    for (const id of (meta.keys ?? []) as string[]) {
      const row = await db('directus_users').where({ id }).first('keptDecorations');
      const kept = forgetChosen(toJson<Kept>(row?.keptDecorations, {}), meta.payload as Record<string, unknown>);
      if (kept) await db('directus_users').where({ id }).update({ keptDecorations: Object.keys(kept).length ? JSON.stringify(kept) : null });
    }
  });
});
