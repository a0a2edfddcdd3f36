/**
 * What keeps plans exact without anyone asking: the scheduled check (plans that end, reminders,
 * open invoices), and editors' grants and revocations applied with the row that records them.
 */
import { defineHook } from '@directus/extensions';
import { paymentConfig } from './config.ts';
import { applyManualChange } from './manual-changes.ts';
import { runPlanChecks } from './plan-checks.ts';

export default defineHook(({ filter, schedule }, { database, env, logger, services, getSchema }) => {
  const config = paymentConfig(env);
  const log = (err: unknown) => logger.error(err);
  const sendMail = async (to: string, subject: string, data: Record<string, string>) => {
    const mail = new services.MailService({ schema: await getSchema(), knex: database });
    await mail.send({ to, subject, template: { name: 'plan-notice', data } });
  };

  schedule(config.checkCron, () => runPlanChecks({ database, config, sendMail, log }));

  filter('planChanges.items.create', (payload, _meta, context) => applyManualChange(payload as Record<string, unknown>, context.database));
});
