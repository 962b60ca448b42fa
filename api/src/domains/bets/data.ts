/**
 * Reference data of the demo tournaments (seed and demo ticker): national teams with a rough
 * strength rating, the demo World Cup draw, and the real Euro 2024 schedule and results.
 */

/** A national team: FIFA code, English name, ISO region for flag/localised name, Elo-like strength. */
export interface TeamData {
  code: string;
  name: string;
  /** ISO 3166-1 alpha-2, or a subdivision (`GB-ENG`, `GB-SCT`). */
  region: string;
  /** Rough rating (1500 weak … 2150 strong) used for demo results and demo predictions. */
  strength: number;
}

export const TEAMS: readonly TeamData[] = [
  { code: 'ARG', name: 'Argentina', region: 'AR', strength: 2140 },
  { code: 'FRA', name: 'France', region: 'FR', strength: 2090 },
  { code: 'ESP', name: 'Spain', region: 'ES', strength: 2120 },
  { code: 'ENG', name: 'England', region: 'GB-ENG', strength: 2050 },
  { code: 'BRA', name: 'Brazil', region: 'BR', strength: 2040 },
  { code: 'POR', name: 'Portugal', region: 'PT', strength: 2010 },
  { code: 'NED', name: 'Netherlands', region: 'NL', strength: 1990 },
  { code: 'GER', name: 'Germany', region: 'DE', strength: 1980 },
  { code: 'BEL', name: 'Belgium', region: 'BE', strength: 1930 },
  { code: 'CRO', name: 'Croatia', region: 'HR', strength: 1930 },
  { code: 'ITA', name: 'Italy', region: 'IT', strength: 1920 },
  { code: 'COL', name: 'Colombia', region: 'CO', strength: 1940 },
  { code: 'URU', name: 'Uruguay', region: 'UY', strength: 1900 },
  { code: 'SUI', name: 'Switzerland', region: 'CH', strength: 1880 },
  { code: 'DEN', name: 'Denmark', region: 'DK', strength: 1860 },
  { code: 'JPN', name: 'Japan', region: 'JP', strength: 1880 },
  { code: 'MAR', name: 'Morocco', region: 'MA', strength: 1870 },
  { code: 'USA', name: 'United States', region: 'US', strength: 1800 },
  { code: 'MEX', name: 'Mexico', region: 'MX', strength: 1800 },
  { code: 'TUR', name: 'Turkey', region: 'TR', strength: 1820 },
  { code: 'AUT', name: 'Austria', region: 'AT', strength: 1830 },
  { code: 'ECU', name: 'Ecuador', region: 'EC', strength: 1830 },
  { code: 'KOR', name: 'South Korea', region: 'KR', strength: 1780 },
  { code: 'SRB', name: 'Serbia', region: 'RS', strength: 1780 },
  { code: 'IRN', name: 'Iran', region: 'IR', strength: 1790 },
  { code: 'SEN', name: 'Senegal', region: 'SN', strength: 1780 },
  { code: 'AUS', name: 'Australia', region: 'AU', strength: 1760 },
  { code: 'POL', name: 'Poland', region: 'PL', strength: 1760 },
  { code: 'CAN', name: 'Canada', region: 'CA', strength: 1740 },
  { code: 'NGA', name: 'Nigeria', region: 'NG', strength: 1700 },
  { code: 'EGY', name: 'Egypt', region: 'EG', strength: 1690 },
  { code: 'TUN', name: 'Tunisia', region: 'TN', strength: 1660 },
  { code: 'GHA', name: 'Ghana', region: 'GH', strength: 1630 },
  { code: 'SCO', name: 'Scotland', region: 'GB-SCT', strength: 1750 },
  { code: 'HUN', name: 'Hungary', region: 'HU', strength: 1770 },
  { code: 'ALB', name: 'Albania', region: 'AL', strength: 1660 },
  { code: 'SVN', name: 'Slovenia', region: 'SI', strength: 1700 },
  { code: 'SVK', name: 'Slovakia', region: 'SK', strength: 1700 },
  { code: 'ROU', name: 'Romania', region: 'RO', strength: 1700 },
  { code: 'UKR', name: 'Ukraine', region: 'UA', strength: 1780 },
  { code: 'GEO', name: 'Georgia', region: 'GE', strength: 1690 },
  { code: 'CZE', name: 'Czechia', region: 'CZ', strength: 1740 },
];

/** Strength of a team code (1750 for an unknown code). */
export function strengthOf(code: string): number {
  return TEAMS.find((t) => t.code === code)?.strength ?? 1750;
}

/** The demo World Cup draw: 8 groups of 4 (team codes, seeded team first). */
export const WORLD_CUP_GROUPS: Readonly<Record<string, readonly [string, string, string, string]>> = {
  A: ['USA', 'ENG', 'SEN', 'JPN'],
  B: ['MEX', 'NED', 'ECU', 'POL'],
  C: ['CAN', 'GER', 'MAR', 'AUS'],
  D: ['ARG', 'CRO', 'NGA', 'KOR'],
  E: ['BRA', 'SUI', 'SRB', 'GHA'],
  F: ['FRA', 'DEN', 'TUN', 'URU'],
  G: ['ESP', 'POR', 'COL', 'IRN'],
  H: ['ITA', 'BEL', 'TUR', 'EGY'],
};

/** Host cities of the demo World Cup, used in turn. */
export const WORLD_CUP_VENUES: readonly string[] = [
  'Mexico City',
  'Toronto',
  'Los Angeles',
  'New York New Jersey',
  'Guadalajara',
  'Vancouver',
  'Dallas',
  'Miami',
  'Monterrey',
  'Atlanta',
  'Seattle',
  'Houston',
  'Boston',
  'Kansas City',
  'Philadelphia',
  'San Francisco Bay Area',
];

/** Pairings of the three group matchdays, as indexes into a group's four teams. */
export const GROUP_PAIRINGS: ReadonlyArray<ReadonlyArray<readonly [number, number]>> = [
  [
    [0, 1],
    [2, 3],
  ],
  [
    [0, 2],
    [3, 1],
  ],
  [
    [3, 0],
    [1, 2],
  ],
];

/** A match of the real Euro 2024 with its final result (after extra time; penalties when any). */
export interface EuroMatch {
  stage: 'group' | 'round_of_16' | 'quarter_final' | 'semi_final' | 'final';
  group?: string;
  /** Kick-off, ISO with the local offset (Germany, CEST). */
  kickoff: string;
  venue: string;
  home: string;
  away: string;
  score: [number, number];
  penalties?: [number, number];
}

const g = (group: string, kickoff: string, venue: string, home: string, away: string, h: number, a: number): EuroMatch => ({
  stage: 'group',
  group,
  kickoff: `${kickoff}:00+02:00`,
  venue,
  home,
  away,
  score: [h, a],
});
const ko = (
  stage: EuroMatch['stage'],
  kickoff: string,
  venue: string,
  home: string,
  away: string,
  h: number,
  a: number,
  penalties?: [number, number],
): EuroMatch => ({ stage, kickoff: `${kickoff}:00+02:00`, venue, home, away, score: [h, a], ...(penalties ? { penalties } : {}) });

/** UEFA Euro 2024 (Germany, 14 June – 14 July 2024): all 51 matches with their real results. */
export const EURO_2024: readonly EuroMatch[] = [
  g('A', '2024-06-14T21:00', 'Munich', 'GER', 'SCO', 5, 1),
  g('A', '2024-06-15T15:00', 'Cologne', 'HUN', 'SUI', 1, 3),
  g('B', '2024-06-15T18:00', 'Berlin', 'ESP', 'CRO', 3, 0),
  g('B', '2024-06-15T21:00', 'Dortmund', 'ITA', 'ALB', 2, 1),
  g('D', '2024-06-16T15:00', 'Hamburg', 'POL', 'NED', 1, 2),
  g('C', '2024-06-16T18:00', 'Stuttgart', 'SVN', 'DEN', 1, 1),
  g('C', '2024-06-16T21:00', 'Gelsenkirchen', 'SRB', 'ENG', 0, 1),
  g('E', '2024-06-17T15:00', 'Munich', 'ROU', 'UKR', 3, 0),
  g('E', '2024-06-17T18:00', 'Frankfurt', 'BEL', 'SVK', 0, 1),
  g('D', '2024-06-17T21:00', 'Düsseldorf', 'AUT', 'FRA', 0, 1),
  g('F', '2024-06-18T18:00', 'Dortmund', 'TUR', 'GEO', 3, 1),
  g('F', '2024-06-18T21:00', 'Leipzig', 'POR', 'CZE', 2, 1),
  g('B', '2024-06-19T15:00', 'Hamburg', 'CRO', 'ALB', 2, 2),
  g('A', '2024-06-19T18:00', 'Stuttgart', 'GER', 'HUN', 2, 0),
  g('A', '2024-06-19T21:00', 'Cologne', 'SCO', 'SUI', 1, 1),
  g('C', '2024-06-20T15:00', 'Munich', 'SVN', 'SRB', 1, 1),
  g('C', '2024-06-20T18:00', 'Frankfurt', 'DEN', 'ENG', 1, 1),
  g('B', '2024-06-20T21:00', 'Gelsenkirchen', 'ESP', 'ITA', 1, 0),
  g('E', '2024-06-21T15:00', 'Düsseldorf', 'SVK', 'UKR', 1, 2),
  g('D', '2024-06-21T18:00', 'Berlin', 'POL', 'AUT', 1, 3),
  g('D', '2024-06-21T21:00', 'Leipzig', 'NED', 'FRA', 0, 0),
  g('F', '2024-06-22T15:00', 'Hamburg', 'GEO', 'CZE', 1, 1),
  g('F', '2024-06-22T18:00', 'Dortmund', 'TUR', 'POR', 0, 3),
  g('E', '2024-06-22T21:00', 'Cologne', 'BEL', 'ROU', 2, 0),
  g('A', '2024-06-23T21:00', 'Frankfurt', 'SUI', 'GER', 1, 1),
  g('A', '2024-06-23T21:00', 'Stuttgart', 'SCO', 'HUN', 0, 1),
  g('B', '2024-06-24T21:00', 'Düsseldorf', 'ALB', 'ESP', 0, 1),
  g('B', '2024-06-24T21:00', 'Leipzig', 'CRO', 'ITA', 1, 1),
  g('D', '2024-06-25T18:00', 'Berlin', 'NED', 'AUT', 2, 3),
  g('D', '2024-06-25T18:00', 'Dortmund', 'FRA', 'POL', 1, 1),
  g('C', '2024-06-25T21:00', 'Cologne', 'ENG', 'SVN', 0, 0),
  g('C', '2024-06-25T21:00', 'Munich', 'DEN', 'SRB', 0, 0),
  g('E', '2024-06-26T18:00', 'Frankfurt', 'SVK', 'ROU', 1, 1),
  g('E', '2024-06-26T18:00', 'Stuttgart', 'UKR', 'BEL', 0, 0),
  g('F', '2024-06-26T21:00', 'Gelsenkirchen', 'GEO', 'POR', 2, 0),
  g('F', '2024-06-26T21:00', 'Hamburg', 'CZE', 'TUR', 1, 2),
  ko('round_of_16', '2024-06-29T18:00', 'Berlin', 'SUI', 'ITA', 2, 0),
  ko('round_of_16', '2024-06-29T21:00', 'Dortmund', 'GER', 'DEN', 2, 0),
  ko('round_of_16', '2024-06-30T18:00', 'Gelsenkirchen', 'ENG', 'SVK', 2, 1),
  ko('round_of_16', '2024-06-30T21:00', 'Cologne', 'ESP', 'GEO', 4, 1),
  ko('round_of_16', '2024-07-01T18:00', 'Düsseldorf', 'FRA', 'BEL', 1, 0),
  ko('round_of_16', '2024-07-01T21:00', 'Frankfurt', 'POR', 'SVN', 0, 0, [3, 0]),
  ko('round_of_16', '2024-07-02T18:00', 'Munich', 'ROU', 'NED', 0, 3),
  ko('round_of_16', '2024-07-02T21:00', 'Leipzig', 'AUT', 'TUR', 1, 2),
  ko('quarter_final', '2024-07-05T18:00', 'Stuttgart', 'ESP', 'GER', 2, 1),
  ko('quarter_final', '2024-07-05T21:00', 'Hamburg', 'POR', 'FRA', 0, 0, [3, 5]),
  ko('quarter_final', '2024-07-06T18:00', 'Düsseldorf', 'ENG', 'SUI', 1, 1, [5, 3]),
  ko('quarter_final', '2024-07-06T21:00', 'Berlin', 'NED', 'TUR', 2, 1),
  ko('semi_final', '2024-07-09T21:00', 'Munich', 'ESP', 'FRA', 2, 1),
  ko('semi_final', '2024-07-10T21:00', 'Dortmund', 'NED', 'ENG', 1, 2),
  ko('final', '2024-07-14T21:00', 'Berlin', 'ESP', 'ENG', 2, 1),
];
