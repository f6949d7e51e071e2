/** Milliseconds since the epoch in UTC, and whether a time was given; null when not a valid save format. */
export declare function parseSaveDate(text: string): {
    ms: number;
    hasTime: boolean;
} | null;
/** YYYY-MM-DDThh:mm:ss+00:00 */
export declare function formatDateTime(ms: number): string;
/** YYYY-MM-DD */
export declare function formatDate(ms: number): string;
/** The `created` text of create activity: Mon D, YYYY hh:mm:ss (UTC). */
export declare function formatCreatedText(ms: number): string;
/** True for an already canonical, valid YYYY-MM-DD: the common case, checked without regex or Date. */
export declare function canonicalDate(s: string): boolean;
/** True for an already canonical YYYY-MM-DDThh:mm:ss+00:00. */
export declare function canonicalDateTime(s: string): boolean;
/** Normalizes a date field; returns the input unchanged when it is not a save format (validators report it). */
export declare function normalizeDate(text: string): string;
export declare function normalizeDateTime(text: string): string;
/** A date stays a date, a date and time becomes UTC ISO 8601. */
export declare function normalizeDateOrDateTime(text: string): string;
