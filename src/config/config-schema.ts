/**
 * The JSON Schema of tsiws.config.json (issue 60), generated from the settings table: every setting
 * of run by its flag name (`"base-url"`, as --help spells it), typed by its own parser
 * (parsers.ts, withSchema), described by its help. Beside them: named `targets`, `waivers`, and the
 * sections `per-operation` and `per-transport`. `npm run docs` writes it to SCHEMA_FILE, which ships
 * in the package; test/config/config-schema.test.ts keeps the two equal.
 */
import { operations, TRANSPORT_IDS } from '../contract/index.js';
import { readableFile } from './access-settings.js';
import { directory, path, valueSchemaOf, type JsonSchema } from './parsers.js';
import { SETTINGS } from './settings.js';
import { WAIVER_SCHEMA } from './waivers.js';

/** Where the schema is written, relative to the repository (and the installed package). */
export const SCHEMA_FILE = 'schema/tsiws.config.schema.json';

/** The keys of a config file that are no setting. A setting whose flag one of them takes (a
 * `--waivers FILE`, say) is not given in the file: there, the key holds the entries themselves. */
export const SECTIONS = { targets: 'targets', waivers: 'waivers', perOperation: 'per-operation', perTransport: 'per-transport' } as const;
const SECTION_KEYS: readonly string[] = ['$schema', ...Object.values(SECTIONS)];

export type FileSetting = (typeof SETTINGS)[number];

/** The settings a config file gives: run's (replay takes those it has of them). */
export const FILE_SETTINGS: readonly FileSetting[] = SETTINGS.filter((s) => (s.commands as readonly string[]).includes('run') && !SECTION_KEYS.includes(s.flag));

/** The settings a `per-operation` or `per-transport` section may give: those the engine applies to
 * one exchange (run-case.ts). The values file is not among them: its values are per parameter and
 * shared by every operation (state/pool.ts), so a section of one operation could not keep them to it. */
export const SCOPED_KEYS = ['skipChecks', 'slaMs'] as const;
export type ScopedKey = (typeof SCOPED_KEYS)[number];
export const SCOPED_SETTINGS = SCOPED_KEYS.map((key) => SETTINGS.find((s) => s.key === key)!);

/** Settings whose value is a path: in a config file, relative to the file's folder. */
export const isPathSetting = (s: FileSetting): boolean => ([path, directory, readableFile] as readonly object[]).includes(s.parse);

/** The JSON Schema of one setting's value in the file. */
export function settingSchema(s: FileSetting): JsonSchema {
  const value = 'boolean' in s && s.boolean ? { type: 'boolean' } : 'multiple' in s && s.multiple ? { type: 'array', items: { type: 'string' } } : valueSchemaOf(s.parse) ?? { type: 'string' };
  return { ...value, description: `--${s.flag}: ${s.help}` };
}

const settingProperties = (): Record<string, JsonSchema> => Object.fromEntries(FILE_SETTINGS.map((s) => [s.flag, settingSchema(s)]));

function sectionsOf(keys: readonly string[], what: string): JsonSchema {
  return { type: 'object', additionalProperties: false, description: `Settings for one ${what}`, properties: Object.fromEntries(keys.map((k) => [k, { $ref: '#/definitions/scoped' }])) };
}

/** The sections a file and each of its targets may hold beside the settings. */
const sectionProperties = (): Record<string, JsonSchema> => ({
  [SECTIONS.waivers]: { type: 'array', items: { $ref: '#/definitions/waiver' }, description: 'Findings accepted until a date' },
  [SECTIONS.perOperation]: { $ref: '#/definitions/perOperation' },
  [SECTIONS.perTransport]: { $ref: '#/definitions/perTransport' },
});

/** The whole schema, as SCHEMA_FILE holds it. */
export function configSchema(): JsonSchema {
  const target = { type: 'object', additionalProperties: false, properties: { ...settingProperties(), ...sectionProperties() } };
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'tsiws-conform configuration (tsiws.config.json)',
    description: 'Settings of tsiws-conform run by their flag names; flags and environment variables win over them (docs/cli.md, Config file)',
    type: 'object',
    additionalProperties: false,
    properties: {
      $schema: { type: 'string' },
      ...settingProperties(),
      ...sectionProperties(),
      [SECTIONS.targets]: { type: 'object', description: 'Named targets, chosen with --target NAME or TSIWS_TARGET; a target\'s settings win over the file\'s own', propertyNames: { pattern: '^[A-Za-z0-9_.-]+$' }, additionalProperties: { $ref: '#/definitions/target' } },
    },
    definitions: {
      target,
      waiver: WAIVER_SCHEMA,
      scoped: { type: 'object', additionalProperties: false, properties: Object.fromEntries(SCOPED_SETTINGS.map((s) => [s.flag, settingSchema(s)])) },
      perOperation: sectionsOf(operations.map((o) => o.name), 'operation'),
      perTransport: sectionsOf(TRANSPORT_IDS, 'transport'),
    },
  };
}

/** The schema as the file holds it. */
export const configSchemaText = (): string => `${JSON.stringify(configSchema(), null, 2)}\n`;
