// Spec 8, Exports: the catalogue's texts, character for character.
export const EXPORT_ERRORS = {
  csv: 'Failed to export CSV',
  json: 'Failed to export JSON',
  users: 'Failed to export users',
  names: 'Failed to export names',
  analytics: 'Failed to export analytics',
  auditLogs: 'Failed to export audit logs',
  backup: 'Failed to create backup',
  unknownType: 'Unknown export type',
} as const;

/** 'Export failed: {reason}' */
export { exportFailedMessage } from '../jobs';
