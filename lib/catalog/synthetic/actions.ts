/**
 * What synthetic tools do: an action (verb) applied to a domain noun, optionally narrowed by a qualifier.
 * Placeholders: {noun}, {nouns}, {Nouns}, {system}, {System}, {prefix}, {verb}, {other}, {a_noun}, {a_other}, {qualifier}; in
 * parameter names {noun_name} and {other_name} (snake case); an enum of ["{status}"] becomes the domain's statuses.
 */
import type { ParameterSpec } from "./domains";

export type Qualifier = {
  /** Name fragment, e.g. `overdue` or `by_owner`. */
  word: string;
  /** Whether the fragment goes before the noun (`list_overdue_invoices`) or after (`list_contacts_by_owner`). */
  before: boolean;
  /** Words that narrow the noun phrase in the first sentence. */
  phrase: string;
  /** A parameter the qualifier needs, if any. */
  parameter?: ParameterSpec;
};

export type Action = {
  verb: string;
  /** Whether the name uses the plural noun (`list_contacts`) or the singular (`get_contact`). */
  plural: boolean;
  /** Pairs two nouns of the domain: `link_contact_to_deal`. */
  pairJoin?: string;
  qualifiers: Qualifier[];
  opener: string;
  useWhen: string;
  returns: string;
  /** Generic parameters this action always takes (required) and may take (optional). */
  required: ParameterSpec[];
  optional: ParameterSpec[];
};

const plain: Qualifier = { word: "", before: false, phrase: "" };
const after = (word: string, phrase: string, parameter?: ParameterSpec): Qualifier => ({
  word,
  before: false,
  phrase,
  parameter,
});
const before = (word: string, phrase: string): Qualifier => ({ word, before: true, phrase });

/** The id parameter of the tool's noun (or of the second noun of a pair), named after it: `contact_id`. */
const idOf = (which: "noun" | "other" = "noun"): ParameterSpec => ({
  name: `{${which}_name}_id`,
  type: "string",
  description: `Id of the {${which}}, as returned by the list and search tools.`,
});
const limit: ParameterSpec = {
  name: "limit",
  type: "integer",
  description: "Maximum number of results per page (1-200).",
  minimum: 1,
  maximum: 200,
};
const cursor: ParameterSpec = {
  name: "cursor",
  type: "string",
  description: "Opaque cursor from the previous page; omit it for the first page.",
};
const sortOrder: ParameterSpec = {
  name: "sort_order",
  type: "string",
  description: "Sort direction.",
  enum: ["asc", "desc"],
};
const sortBy: ParameterSpec = {
  name: "sort_by",
  type: "string",
  description: "Field to sort by.",
  enum: ["created_at", "updated_at", "name"],
};
const createdAfter: ParameterSpec = {
  name: "created_after",
  type: "string",
  format: "date",
  description: "Only include records created on or after this date.",
};
const includeArchived: ParameterSpec = {
  name: "include_archived",
  type: "boolean",
  description: "Also return archived records.",
};
const reason: ParameterSpec = {
  name: "reason",
  type: "string",
  description: "Why the change is made; shown in the activity history.",
};
const notify: ParameterSpec = {
  name: "notify",
  type: "boolean",
  description: "Send the usual notification email to people who follow the record.",
};
const idempotencyKey: ParameterSpec = {
  name: "idempotency_key",
  type: "string",
  description: "Unique key that makes a retried request safe; repeated keys return the first result.",
};
const dryRun: ParameterSpec = {
  name: "dry_run",
  type: "boolean",
  description: "Validate and report what would change without writing anything.",
};
const ownerId: ParameterSpec = { name: "owner_id", type: "string", description: "User id of the owner to filter by." };

const listOptional = [limit, cursor, sortBy, sortOrder, createdAfter, includeArchived];

export const ACTIONS: Action[] = [
  {
    verb: "list",
    plural: true,
    qualifiers: [
      plain,
      before("recent", "created or changed in the last 30 days"),
      before("archived", "that were archived"),
      after("by_owner", "owned by one user", {
        ...ownerId,
        description: "User id of the owner whose records to list.",
      }),
      after("by_status", "in one status", {
        name: "status",
        type: "string",
        description: "Status to filter by.",
        enum: ["{status}"],
      }),
      before("overdue", "that are past their due date"),
      before("unassigned", "that nobody owns yet"),
      before("flagged", "flagged for follow-up"),
      after("shared_with_me", "shared with the calling user"),
      after("updated_since", "updated after a given date", {
        name: "updated_since",
        type: "string",
        format: "date-time",
        description: "Only include records changed after this instant.",
      }),
    ],
    opener: "Lists {nouns} in {system}{qualifier}.",
    useWhen: "Use it to browse or filter {nouns}; for free-text matching use the search tool instead.",
    returns: "Returns one page of {nouns} and a cursor for the next page.",
    required: [],
    optional: listOptional,
  },
  {
    verb: "search",
    plural: true,
    qualifiers: [
      plain,
      after("by_tag", "by tag", { name: "tag", type: "string", description: "Tag to match exactly." }),
      after("by_keyword", "by keyword"),
    ],
    opener: "Searches {nouns} in {system}{qualifier}.",
    useWhen: "Use it when the user describes {a_noun} in words rather than by id.",
    returns: "Returns the best matches first, each with a relevance score.",
    required: [{ name: "query", type: "string", description: "Words to search for; quotes match a phrase." }],
    optional: [limit, createdAfter, includeArchived],
  },
  {
    verb: "get",
    plural: false,
    qualifiers: [
      plain,
      after("details", "with every field"),
      after("history", "together with its change history"),
      after("summary", "as a short summary"),
      after("by_external_id", "by the id another system gave it", {
        name: "external_id",
        type: "string",
        description: "Id of the record in the system it was imported from.",
      }),
    ],
    opener: "Gets one {noun} from {system}{qualifier}.",
    useWhen: "Use it after a list or search call when the full record is needed.",
    returns: "Returns the {noun} with its owner, status and timestamps.",
    required: [idOf()],
    optional: [
      {
        name: "include",
        type: "array",
        items: { type: "string", enum: ["owner", "history", "attachments", "related"] },
        description: "Related data to embed in the response.",
      },
    ],
  },
  {
    verb: "create",
    plural: false,
    qualifiers: [
      plain,
      after("from_template", "from a saved template", {
        name: "template_id",
        type: "string",
        description: "Template to copy fields from.",
      }),
      before("draft", "as a draft that others cannot see yet"),
    ],
    opener: "Creates a new {noun} in {system}{qualifier}.",
    useWhen: "Use it when the user asks to add {a_noun} that does not exist yet; search first to avoid duplicates.",
    returns: "Returns the created {noun} with its new id.",
    required: [],
    optional: [idempotencyKey, notify],
  },
  {
    verb: "import",
    plural: true,
    qualifiers: [after("from_csv", "from a CSV file"), after("from_url", "from a JSON feed")],
    opener: "Imports {nouns} into {system}{qualifier}.",
    useWhen: "Use it for bulk loads of more than a few {nouns}.",
    returns: "Returns counts of created, updated and rejected rows.",
    required: [
      {
        name: "file_url",
        type: "string",
        format: "uri",
        description: "HTTPS URL the importer downloads the data from.",
      },
    ],
    optional: [
      {
        name: "on_conflict",
        type: "string",
        enum: ["skip", "update", "fail"],
        description: "What to do when a row matches an existing record.",
      },
      dryRun,
    ],
  },
  {
    verb: "update",
    plural: false,
    qualifiers: [
      plain,
      after("status", "changing only its status", {
        name: "status",
        type: "string",
        description: "New status.",
        enum: ["{status}"],
      }),
      after("owner", "changing only its owner", {
        name: "new_owner_id",
        type: "string",
        description: "User id of the new owner.",
      }),
      after("tags", "replacing only its tags", {
        name: "tags",
        type: "array",
        items: { type: "string" },
        description: "Complete list of tags; replaces the current tags.",
      }),
    ],
    opener: "Updates an existing {noun} in {system}{qualifier}.",
    useWhen: "Use it to change fields of {a_noun}; fields that are not sent keep their values.",
    returns: "Returns the {noun} after the change.",
    required: [idOf()],
    optional: [reason, notify],
  },
  {
    verb: "delete",
    plural: false,
    qualifiers: [plain],
    opener: "Deletes {a_noun} from {system}.",
    useWhen: "Use it only when the user clearly asks to remove the {noun}; archiving is usually better.",
    returns: "Returns the id of the deleted {noun}.",
    required: [idOf()],
    optional: [reason],
  },
  {
    verb: "bulk_delete",
    plural: true,
    qualifiers: [plain],
    opener: "Deletes many {nouns} from {system} in one request.",
    useWhen: "Use it for clean-ups of up to 500 {nouns} at once.",
    returns: "Returns the ids that were deleted and those that failed.",
    required: [{ name: "ids", type: "array", items: { type: "string" }, description: "Ids of the records to delete." }],
    optional: [reason, dryRun],
  },
  {
    verb: "archive",
    plural: false,
    qualifiers: [plain],
    opener: "Archives {a_noun} in {system} so it no longer shows up by default.",
    useWhen: "Use it when {a_noun} is finished but must be kept for reference.",
    returns: "Returns the archived {noun}.",
    required: [idOf()],
    optional: [reason, notify],
  },
  {
    verb: "restore",
    plural: false,
    qualifiers: [plain],
    opener: "Restores an archived or deleted {noun} in {system}.",
    useWhen: "Use it to undo an archive or a delete within the retention window.",
    returns: "Returns the restored {noun}.",
    required: [idOf()],
    optional: [reason],
  },
  {
    verb: "export",
    plural: true,
    qualifiers: [plain, after("as_csv", "as a CSV file"), after("as_pdf", "as a printable PDF")],
    opener: "Exports {nouns} from {system}{qualifier}.",
    useWhen: "Use it when the user wants a file to share or to open in a spreadsheet.",
    returns: "Returns a download URL that stays valid for one hour.",
    required: [],
    optional: [
      {
        name: "format",
        type: "string",
        enum: ["csv", "json", "xlsx", "pdf"],
        description: "File format of the export.",
      },
      createdAfter,
      includeArchived,
    ],
  },
  {
    verb: "assign",
    plural: false,
    qualifiers: [plain],
    opener: "Assigns {a_noun} in {system} to a person.",
    useWhen: "Use it to hand {a_noun} over to a colleague.",
    returns: "Returns the {noun} with its new assignee.",
    required: [
      idOf(),
      { name: "assignee_id", type: "string", description: "User id of the person who becomes responsible." },
    ],
    optional: [notify],
  },
  {
    verb: "approve",
    plural: false,
    qualifiers: [plain],
    opener: "Approves {a_noun} that is waiting for review in {system}.",
    useWhen: "Use it when the reviewer agrees with the {noun} as it stands.",
    returns: "Returns the {noun} in its approved state.",
    required: [idOf()],
    optional: [{ name: "comment", type: "string", description: "Note for the requester." }],
  },
  {
    verb: "reject",
    plural: false,
    qualifiers: [plain],
    opener: "Rejects {a_noun} that is waiting for review in {system}.",
    useWhen: "Use it when the {noun} needs changes before it can go ahead.",
    returns: "Returns the {noun} in its rejected state.",
    required: [idOf(), reason],
    optional: [notify],
  },
  {
    verb: "duplicate",
    plural: false,
    qualifiers: [plain],
    opener: "Duplicates {a_noun} in {system}, copying all of its fields.",
    useWhen: "Use it to start a new {noun} from a similar one.",
    returns: "Returns the copy with its new id.",
    required: [idOf()],
    optional: [
      {
        name: "new_name",
        type: "string",
        description: "Name for the copy; defaults to the original name with a suffix.",
      },
    ],
  },
  {
    verb: "merge",
    plural: true,
    qualifiers: [plain],
    opener: "Merges duplicate {nouns} in {system} into one.",
    useWhen: "Use it when two or more {nouns} describe the same thing.",
    returns: "Returns the surviving {noun}; the others are archived.",
    required: [
      { name: "primary_id", type: "string", description: "Id of the record to keep." },
      {
        name: "duplicate_ids",
        type: "array",
        items: { type: "string" },
        description: "Ids of the records merged into the primary one.",
      },
    ],
    optional: [dryRun],
  },
  {
    verb: "count",
    plural: true,
    qualifiers: [plain, after("by_status", "grouped by status")],
    opener: "Counts {nouns} in {system}{qualifier}.",
    useWhen: "Use it for totals on dashboards instead of paging through lists.",
    returns: "Returns the total and, when grouped, one count per group.",
    required: [],
    optional: [createdAfter, includeArchived, ownerId],
  },
  {
    verb: "sync",
    plural: true,
    qualifiers: [plain],
    opener: "Synchronises {nouns} between {system} and connected apps.",
    useWhen: "Use it when records look out of date in another tool.",
    returns: "Returns how many {nouns} were pushed and pulled.",
    required: [],
    optional: [
      { name: "since", type: "string", format: "date-time", description: "Only sync changes after this instant." },
      { name: "direction", type: "string", enum: ["push", "pull", "both"], description: "Which way data flows." },
      dryRun,
    ],
  },
  {
    verb: "link",
    plural: false,
    pairJoin: "to",
    qualifiers: [plain],
    opener: "Links {a_noun} to {a_other} in {system}.",
    useWhen: "Use it to record that {a_noun} belongs with {a_other}.",
    returns: "Returns the link with both ids.",
    required: [idOf(), idOf("other")],
    optional: [notify],
  },
  {
    verb: "unlink",
    plural: false,
    pairJoin: "from",
    qualifiers: [plain],
    opener: "Removes the link between {a_noun} and {a_other} in {system}.",
    useWhen: "Use it when {a_noun} was linked to the wrong {other}.",
    returns: "Returns both ids once the link is gone.",
    required: [idOf(), idOf("other")],
    optional: [reason],
  },
];

/** Facts any real API documents; one or more are appended to reach the token budget of a tool. */
export const DETAIL_SENTENCES: string[] = [
  "Requests are rate limited to 100 calls per minute per workspace; a 429 response carries a Retry-After header.",
  "All timestamps are in UTC and formatted as ISO 8601.",
  "The caller needs the {prefix}:{verb} permission, which workspace admins grant in the settings.",
  "Every change is written to the audit log together with the id of the calling user.",
  "Deleted {nouns} stay recoverable for 30 days before they are purged.",
  "A {prefix}.{noun}.changed webhook fires once the change is committed.",
  "Fields the caller is not allowed to see are left out rather than returned as null.",
  "Ids are opaque strings; do not parse them or build them by hand.",
  "Responses larger than 5 MB are truncated and marked with truncated: true.",
  "Custom fields defined by the workspace are returned under custom_fields.",
  "Results reflect changes made up to a few seconds ago; very recent writes may be missing.",
  "Sandbox workspaces accept the same calls but never contact real customers.",
  "Text fields accept Markdown, which is rendered in the web app.",
  "Amounts are decimal numbers in major units of the workspace currency unless a currency is given.",
  "Errors come back as a code and a message; validation errors name the offending field.",
  "When several {nouns} match, the most recently updated one comes first.",
  "The operation is idempotent: repeating it with the same input has no further effect.",
  "Large requests are processed in the background; poll the returned job id for completion.",
  "Users on the free plan can only see {nouns} created in the last 90 days.",
  "Names are matched case-insensitively and ignoring accents.",
  "Archived {nouns} are read-only until they are restored.",
  "Each {noun} belongs to exactly one workspace and cannot be moved between workspaces.",
  "Tags are free text, up to 50 per record and 64 characters each.",
  "The response includes an etag; send it back to avoid overwriting someone else's change.",
  "Personal data in {nouns} is masked for users without the privacy role.",
  "Bulk variants of this tool exist for more than 50 records at a time.",
  "Calls made outside business hours are queued for approval when the workspace requires it.",
  "The web app shows the same data under {System} > {Nouns}.",
  "Prefer this tool over raw API requests: it applies the workspace's validation rules.",
  "The result lists warnings for fields that were ignored or normalised.",
  "Dates without a time are interpreted in the workspace time zone.",
  "Long-running exports are emailed to the caller when they finish.",
];
