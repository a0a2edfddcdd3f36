/** Paid plans as other features see them: how an invoice and an amount are told (the profile's plan section). */
export { INVOICE_STATUS_WORDS, invoiceMoment, money } from './tariff.ts';
