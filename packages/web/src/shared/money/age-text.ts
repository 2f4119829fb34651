/** A price's age as the largest whole unit ("5 h", "3 d"), in the interface language. */
export function ageText(seconds: number, locale: string): string {
  const [value, unit]: [number, Intl.RelativeTimeFormatUnit] =
    seconds >= 86_400
      ? [Math.floor(seconds / 86_400), 'day']
      : seconds >= 3600
        ? [Math.floor(seconds / 3600), 'hour']
        : [Math.floor(seconds / 60), 'minute'];
  return new Intl.RelativeTimeFormat(locale, { numeric: 'always', style: 'short' }).format(-value, unit);
}
