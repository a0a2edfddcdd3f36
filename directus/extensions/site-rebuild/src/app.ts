/** The bundle's admin app side: the 'Сайт' module. */
import siteModule from './module/index.ts';

export const interfaces = [];
export const displays = [];
export const layouts = [];
export const modules = [siteModule];
export const panels = [];
export const themes = [];
export const operations = [];
