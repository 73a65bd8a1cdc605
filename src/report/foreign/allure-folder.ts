import { ConfigError } from '../../config/errors.js';

/** The --allure folder is unusable (report/foreign/allure-results.ts): said before any request, as a bad
 * --reports is. A file of its own, so that a failed run can tell it without loading the Allure library. */
export class AllureFolderError extends ConfigError {}
