// Part of the crmgen runtime (runtime/dates.ts), copied into this package by crmgen generate. Do not edit.
// Date handling of the API: three save formats accepted, UTC ISO 8601 emitted.
// Hand-written: Date.parse accepts far more than the document allows.

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** 'YYYY-MM-DD', 'YYYY-MM-DD hh:mm:ss', 'YYYY-MM-DDThh:mm:ss±hh:mm' (also Z); anything else is null. */
const saveFormat = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}):(\d{2})(?:(Z)|([+-])(\d{2}):?(\d{2}))?)?$/;

/** Milliseconds since the epoch in UTC, and whether a time was given; null when not a valid save format. */
export function parseSaveDate(text: string): { ms: number; hasTime: boolean } | null {
  const m = saveFormat.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s, z, sign, oh, om] = m;
  // Groups 1-3 always match; mi and s match with h, oh and om with sign.
  const year = +y!;
  const month = +mo!;
  const day = +d!;
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  const hasTime = h !== undefined;
  const hour = hasTime ? +h : 0;
  const minute = hasTime ? +mi! : 0;
  const second = hasTime ? +s! : 0;
  if (hour > 23 || minute > 59 || second > 59) return null;
  let ms = Date.UTC(year, month - 1, day, hour, minute, second);
  if (sign && !z) ms -= (sign === '-' ? -1 : 1) * (+oh! * 60 + +om!) * 60_000;
  return { ms, hasTime };
}

const monthDays = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in month 1..12 of a year, without allocating a Date (decoding checks every date it reads). */
function daysIn(year: number, month: number): number {
  if (month !== 2) return monthDays[month - 1]!;
  // As Date.UTC, which reads the years 0..99 as 1900..1999.
  const y = year >= 0 && year <= 99 ? year + 1900 : year;
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
}

/** YYYY-MM-DDThh:mm:ss+00:00 */
export function formatDateTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}+00:00`;
}

/** YYYY-MM-DD */
export function formatDate(ms: number): string {
  return formatDateTime(ms).slice(0, 10);
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The `created` text of create activity: Mon D, YYYY hh:mm:ss (UTC). */
export function formatCreatedText(ms: number): string {
  const d = new Date(ms);
  return `${months[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** The two decimal digits at i as a number, -1 when either is not a digit: each character is read once. */
const twoDigits = (s: string, i: number) => {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
};

/** True when s starts with a valid YYYY-MM-DD; s has at least 10 characters (callers check its length). */
function dateAtStart(s: string): boolean {
  if (s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return false;
  const century = twoDigits(s, 0);
  const year = twoDigits(s, 2);
  const month = twoDigits(s, 5);
  const day = twoDigits(s, 8);
  return (
    century >= 0 && year >= 0 && month >= 1 && month <= 12 && day >= 1 && day <= daysIn(century * 100 + year, month)
  );
}

/** True for an already canonical, valid YYYY-MM-DD: the common case, checked without regex or Date. */
export function canonicalDate(s: string): boolean {
  return s.length === 10 && dateAtStart(s);
}

const inRange = (n: number, below: number) => n >= 0 && n < below;

/** True for an already canonical YYYY-MM-DDThh:mm:ss+00:00. */
export function canonicalDateTime(s: string): boolean {
  // charCodeAt, not s[i] or endsWith: this runs for every date of every decoded entry.
  return (
    s.length === 25 &&
    s.charCodeAt(10) === 84 /* T */ &&
    s.charCodeAt(13) === 58 &&
    s.charCodeAt(16) === 58 &&
    s.charCodeAt(19) === 43 /* + */ &&
    s.charCodeAt(20) === 48 &&
    s.charCodeAt(21) === 48 &&
    s.charCodeAt(22) === 58 &&
    s.charCodeAt(23) === 48 &&
    s.charCodeAt(24) === 48 &&
    dateAtStart(s) &&
    inRange(twoDigits(s, 11), 24) &&
    inRange(twoDigits(s, 14), 60) &&
    inRange(twoDigits(s, 17), 60)
  );
}

/** Normalizes a date field; returns the input unchanged when it is not a save format (validators report it). */
export function normalizeDate(text: string): string {
  if (canonicalDate(text)) return text;
  const p = parseSaveDate(text);
  // A time of day other than midnight would be lost: kept as given, so the validators refuse it rather than drop it.
  if (p && p.hasTime && p.ms % 86_400_000 !== 0) return text;
  return p ? formatDate(p.ms) : text;
}

export function normalizeDateTime(text: string): string {
  if (canonicalDateTime(text)) return text;
  const p = parseSaveDate(text);
  return p ? formatDateTime(p.ms) : text;
}

/** A date stays a date, a date and time becomes UTC ISO 8601. */
export function normalizeDateOrDateTime(text: string): string {
  if (canonicalDateTime(text) || canonicalDate(text)) return text;
  const p = parseSaveDate(text);
  if (!p) return text;
  return p.hasTime ? formatDateTime(p.ms) : formatDate(p.ms);
}
