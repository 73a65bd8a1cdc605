import type { NormalisationRule } from '../results/differences.js';

export const NAMED_RULES: Readonly<Record<string, NormalisationRule>> = {
  timestamps: { name: 'timestamps', pattern: '\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d+)?)?(?:Z|[+-]\\d{2}:?\\d{2})?', flags: 'g', replacement: '<TIMESTAMP>' },
  guids: { name: 'guids', pattern: '\\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\\b', flags: 'g', replacement: '<GUID>' },
  'trailing-whitespace': { name: 'trailing-whitespace', pattern: '[ \\t]+$', flags: 'gm', replacement: '' },
};

