export { openDatabase } from './open-database.js';
export { pickDriver } from './drivers.js';
