/**
 * ISO-8601 timestamps as the service accepts them:
 * `YYYY-MM-DDTHH:MM:SS`, `T` or `t`, an optional fraction, an optional `Z`
 * or `±HH[:]MM` offset, and nothing after. Everything is converted to unix
 * seconds; calendar features are read in UTC after applying the offset.
 */

const ISO = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) {
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    return leap ? 29 : 28;
  }
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

// Days since 1970-01-01 in the proleptic Gregorian calendar (Date.UTC would
// map years 0–99 to 1900–1999).
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** Unix seconds (with fraction), or null when `text` is not an accepted timestamp. */
export function parseIsoTimestamp(text: string): number | null {
  const m = ISO.exec(text);
  if (m === null) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const hour = Number(m[4]);
  const minute = Number(m[5]);
  const second = Number(m[6]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  let offsetSeconds = 0;
  const zone = m[8];
  if (zone !== undefined && zone !== "Z") {
    const sign = zone[0] === "-" ? -1 : 1;
    const digits = zone.slice(1).replace(":", "");
    const oh = Number(digits.slice(0, 2));
    const om = Number(digits.slice(2, 4));
    if (oh > 23 || om > 59) return null;
    offsetSeconds = sign * (oh * 3600 + om * 60);
  }
  const fraction = m[7] === undefined ? 0 : Number(`0${m[7]}`);
  const days = daysFromCivil(year, month, day);
  return days * 86_400 + hour * 3600 + minute * 60 + second + fraction - offsetSeconds;
}

export interface CalendarFeatures {
  hour: number;
  /** Day of the month, 1–31. */
  day: number;
  /** 1–12. */
  month: number;
  /** Monday = 0 … Sunday = 6. */
  weekday: number;
}

export function calendarFeatures(unixSeconds: number): CalendarFeatures {
  const d = new Date(Math.floor(unixSeconds) * 1000);
  return {
    hour: d.getUTCHours(),
    day: d.getUTCDate(),
    month: d.getUTCMonth() + 1,
    weekday: (d.getUTCDay() + 6) % 7,
  };
}
