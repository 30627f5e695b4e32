/**
 * `npm run search:sql -w @nebab/server`: prints the SQL text functions of search generated from the
 * tables in @nebab/shared, for a migration that brings the database in step after a table changes
 * (search-sql.test.ts fails until one does).
 */
import { searchFunctionsSql } from '../modules/catalogue-search/search-sql.js';

process.stdout.write(`${searchFunctionsSql()}\n`);
