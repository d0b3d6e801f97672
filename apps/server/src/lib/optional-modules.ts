import { createRequire } from 'node:module';
import type ExcelJS from 'exceljs';
import type nodemailer from 'nodemailer';
import type pg from 'pg';

/**
 * Libraries that only some deployments or requests use, loaded on first use. Loaded at start, each
 * cost every server process its code and heap whether used or not (measured on their own: exceljs
 * 29 MB of resident memory, pg 16 MB, nodemailer 13 MB): pg serves only with DATABASE_URL,
 * nodemailer only with SMTP_URL, and exceljs only XLSX imports and exports.
 */
const requireModule = createRequire(import.meta.url);

let pgModule: typeof pg | undefined;
let excelModule: typeof ExcelJS | undefined;
let mailModule: typeof nodemailer | undefined;

export function loadPg(): typeof pg {
  if (!pgModule) {
    pgModule = requireModule('pg') as typeof pg;
    // COUNT(*) and BIGINT come back from pg as strings; the ids and counts here fit in a JS number.
    pgModule.types.setTypeParser(pgModule.types.builtins.INT8, (value) => Number.parseInt(value, 10));
    pgModule.types.setTypeParser(pgModule.types.builtins.NUMERIC, (value) => Number.parseFloat(value));
  }
  return pgModule;
}

export function loadExcel(): typeof ExcelJS {
  excelModule ??= requireModule('exceljs') as typeof ExcelJS;
  return excelModule;
}

export function loadNodemailer(): typeof nodemailer {
  mailModule ??= requireModule('nodemailer') as typeof nodemailer;
  return mailModule;
}
