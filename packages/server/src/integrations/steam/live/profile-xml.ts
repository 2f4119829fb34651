/** Reads persona name and avatar from a community profile's `?xml=1` page (no API key needed). */
export interface ProfileXml {
  steamId: string | null;
  personaName: string | null;
  avatarUrl: string | null;
  error: string | null;
}

function field(xml: string, name: string): string | null {
  const match = new RegExp(`<${name}>\\s*(?:<!\\[CDATA\\[([\\s\\S]*?)\\]\\]>|([^<]*))\\s*</${name}>`).exec(
    xml,
  );
  if (!match) return null;
  const value = (match[1] ?? match[2] ?? '').trim();
  return value === '' ? null : value;
}

export function parseProfileXml(xml: string): ProfileXml {
  return {
    steamId: field(xml, 'steamID64'),
    personaName: field(xml, 'steamID'),
    avatarUrl: field(xml, 'avatarFull'),
    error: field(xml, 'error'),
  };
}
