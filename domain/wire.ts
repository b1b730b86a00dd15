/**
 * Wire types and constants not yet moved to the contracts of their area (domain/<area>/*.contracts.ts).
 */
