export type { Database, DriverName, Row, RunResult, SqlParams, SqlValue, Statement } from './types.js';
export { openDatabase, type OpenOptions, type OpenedDatabase } from './open-database.js';
export { nodeSqliteAvailable, pickDriver } from './drivers.js';
