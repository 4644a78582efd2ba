/**
 * Moved to reads/orders.ts (the API reads both nodes make sit below nodes/shared/, so that the
 * transport and the modules it uses do not share a folder with its callers). Kept for the importers
 * not yet pointed there; new code imports reads/orders.ts.
 */
export * from './reads/orders';
