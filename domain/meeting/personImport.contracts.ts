import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { Int, NoParams, StringEnum, Text } from '../core/schemas';

/**
 * 参会人员 import and badges, beside the generic routes of /person/person: the .xlsx template to fill in
 * (the export of an empty list), the file checked row by row with nothing written (preview), the file
 * checked again and its valid rows written (commit), the refused rows back as an .xlsx with their
 * reasons, and what the printed badges of chosen persons show. The file travels as a base64 form field
 * (as attachments do), so the request is signed like any other. Columns are matched by header
 * (domain/meeting/personImport.columns.ts); `mapping` fills the ones left over.
 */

export const IMPORT_MAX_ROWS = 10_000;
export const IMPORT_MAX_MB = 5;
export const IMPORT_MAX_BYTES = IMPORT_MAX_MB * 1024 * 1024;
/**
 * The form carrying it, as for attachments (UPLOAD_BODY_LIMIT of domain/share/shareLinks.contracts.ts):
 * a 10 000-row file is about 0.5 MB, its form about 0.7 MB.
 */
export const IMPORT_BODY_LIMIT = 10 * 1024 * 1024;

/** One problem of an import file: its Excel row (header = row 1) and column, or the whole file (row 0). */
export const PersonImportError = Type.Object({
  row: Int,
  /** The column's header as the template names it (姓名, 手机号码…), '' for the file itself. */
  column: Text,
  /** The definition's field name, '' for the file itself. */
  field: Text,
  /** The full Chinese sentence: 第 7 行「手机号码」：请输入正确的手机号码. */
  msg: Text,
});
export type PersonImportError = Static<typeof PersonImportError>;

/** A row of the file as the preview table shows it: the cells as text, keyed by field name. */
export const PersonImportRow = Type.Object({ row: Int, values: Type.Record(Type.String(), Type.String()) });
export type PersonImportRow = Static<typeof PersonImportRow>;

export const PersonImportColumn = Type.Object({
  index: Int,
  header: Text,
  /** The field it fills, '' for none. */
  field: Text,
  by: StringEnum(['header', 'mapped', 'ignored', 'none'] as const),
  /** The column's first non-blank cell, to recognise it by in the mapping step. */
  sample: Text,
});
export type PersonImportColumn = Static<typeof PersonImportColumn>;

/** One field of a registered attendee a row would change: its stored text and the file's (as shown, choices by label; '' = empty). */
export const PersonImportFieldChange = Type.Object({ field: Text, label: Text, from: Text, to: Text });
export type PersonImportFieldChange = Static<typeof PersonImportFieldChange>;

/**
 * A valid row that matches a registered attendee (same 手机号码, or else same 证件号码) and would change
 * them. `conflict`: the file's 姓名 is not the registered one — perhaps another person given that number —
 * so it is written only when the organiser ticks it (the commit's `accept`).
 */
export const PersonImportChange = Type.Object({
  row: Int,
  /** The registered attendee. */
  id: Int,
  /** Their registered name. */
  name: Text,
  by: StringEnum(['mobile', 'idNo'] as const),
  conflict: Type.Boolean(),
  fields: Type.Array(PersonImportFieldChange),
});
export type PersonImportChange = Static<typeof PersonImportChange>;

/** What a check of the file found. */
export const PersonImportPreview = Type.Object({
  /** Data rows in the file (blank rows left out). */
  total: Int,
  /** Rows without any error. */
  valid: Int,
  /** How many errors there are in all; `errors` lists the first of them. */
  errorCount: Int,
  /** Rows whose mobile number repeats an earlier row of the file (refused), and rows already registered in the activity (updated or skipped). */
  duplicateInFile: Int,
  duplicateExisting: Int,
  /** Valid rows that add an attendee. */
  inserts: Int,
  /** Valid rows of registered attendees whose 姓名 matches and that change something. */
  updates: Int,
  /** Valid rows of registered attendees that change nothing (not written). */
  unchanged: Int,
  /** Valid rows of registered attendees whose 姓名 differs: written only when ticked. */
  conflicts: Int,
  /** The conflicts, then the updates, each with the fields it changes (old → new); at most CHANGES_LISTED of each. */
  changes: Type.Array(PersonImportChange),
  /** Each column of the file and the field it fills (matchColumns). */
  columns: Type.Array(PersonImportColumn),
  /** Labels of required columns no column fills: the rows are not checked until they are mapped. */
  missing: Type.Array(Text),
  errors: Type.Array(PersonImportError),
  /** The first rows, and the rows with errors among the first errors. */
  rows: Type.Array(PersonImportRow),
});
export type PersonImportPreview = Static<typeof PersonImportPreview>;

/**
 * Rows added, registered attendees updated (ticked conflicts included), skipped as asked, left as they were
 * (nothing to change), conflicts not ticked (left as they were), rows refused.
 */
export const PersonImportResult = Type.Object({ imported: Int, updated: Int, skipped: Int, unchanged: Int, conflicts: Int, refused: Int });
export type PersonImportResult = Static<typeof PersonImportResult>;


/** A pending import leaves its persons 待审核; an approved one makes them 已通过 at once. */
export const IMPORT_STATUSES = ['pending', 'approved'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** What happens to a row whose mobile is already registered in the activity. */
export const IMPORT_EXISTING = ['update', 'skip'] as const;
export type ImportExisting = (typeof IMPORT_EXISTING)[number];

/** What a blank cell does to a registered attendee: keeps the stored value (default), or clears it (a required field is kept). */
export const IMPORT_BLANK = ['keep', 'clear'] as const;
export type ImportBlank = (typeof IMPORT_BLANK)[number];

/** Conflicts and updates each listed at most (a 2 000-row file lists all of them). */
export const CHANGES_LISTED = 2_000;

/** The ticked conflicts as the commit carries them: `row:id` of each (the row of the file, the attendee it was shown to change). */
export const ACCEPT_PATTERN = '^(\\d{1,6}:[1-9]\\d{0,9})(,\\d{1,6}:[1-9]\\d{0,9})*$';
export const acceptText = (ticked: ReadonlyArray<{ row: number; id: number }>) => ticked.map((t) => `${t.row}:${t.id}`).join(',');

const fileFields = {
  activityId: Type.String({ format: 'id-text', minLength: 1 }),
  fileName: Type.String({ minLength: 1, maxLength: 200 }),
  /**
   * base64 of the file. No minLength or maxLength: ajv counts a string's code points one by one for
   * them, 0.1 s of the event loop over a 5 MB file. The body limit bounds it, and the server refuses an
   * empty file (personImportEmpty) and one over IMPORT_MAX_MB (personImportTooLarge) once decoded.
   */
  content: Type.String(),
  /** JSON of { header key: field name or '' (left out) } for columns the headers did not match. */
  mapping: Type.Optional(Type.String({ maxLength: 4000 })),
  existing: Type.Optional(StringEnum(IMPORT_EXISTING)),
  blank: Type.Optional(StringEnum(IMPORT_BLANK, { title: '空白单元格的处理方式' })),
};

export const personImportTemplate = endpoint({
  method: 'GET',
  path: '/person/person/importTemplate',
  authority: 'ACTION_person_person_import',
  query: NoParams,
  file: true,
});

export const personImportPreview = endpoint({
  method: 'POST',
  path: '/person/person/importPreview',
  authority: 'ACTION_person_person_import',
  bodyLimit: IMPORT_BODY_LIMIT,
  body: Type.Object(fileFields, { additionalProperties: false }),
  response: PersonImportPreview,
});

export const personImportCommit = endpoint({
  method: 'POST',
  path: '/person/person/importCommit',
  authority: 'ACTION_person_person_import',
  bodyLimit: IMPORT_BODY_LIMIT,
  body: Type.Object(
    {
      ...fileFields,
      status: StringEnum(IMPORT_STATUSES),
      /** The conflicts the organiser ticked (acceptText); any other conflict is skipped. */
      accept: Type.Optional(Type.String({ maxLength: IMPORT_MAX_ROWS * 18, pattern: ACCEPT_PATTERN, title: '勾选更新的冲突行' })),
    },
    { additionalProperties: false },
  ),
  response: PersonImportResult,
});

/** The refused rows of the file, as they were, with a first column 错误原因: fix them and import this file again. */
export const personImportRefused = endpoint({
  method: 'POST',
  path: '/person/person/importRefused',
  authority: 'ACTION_person_person_import',
  bodyLimit: IMPORT_BODY_LIMIT,
  body: Type.Object(fileFields, { additionalProperties: false }),
  file: true,
});

