/** The bundle has no admin app part of its own: invoices and plan changes are ordinary collections there. */
export const interfaces = [];
export const displays = [];
export const layouts = [];
export const modules = [];
export const panels = [];
export const themes = [];
export const operations = [];
