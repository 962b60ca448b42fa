/**
 * Raw material for demo nicknames, club names and countries. Plain data, no logic.
 * Countries are ISO 3166-1 alpha-2.
 */

/** Given names and surnames per language group. */
export const NAME_GROUPS = {
  pl: {
    first: ['Kuba', 'Bartek', 'Piotr', 'Marcin', 'Tomek', 'Kamil', 'Mateusz', 'Wojtek', 'Krzysiek', 'Łukasz', 'Michał', 'Paweł', 'Adam', 'Szymon', 'Dawid', 'Grzegorz', 'Ola', 'Kasia', 'Magda', 'Zosia'],
    last: ['Kowalski', 'Nowak', 'Wiśniewski', 'Zieliński', 'Lewandowski', 'Wójcik', 'Kamiński', 'Szymański', 'Dąbrowski', 'Mazur', 'Krawczyk', 'Piątek', 'Grabowski', 'Pawlak', 'Sikora'],
  },
  de: {
    first: ['Lukas', 'Jonas', 'Felix', 'Leon', 'Max', 'Niklas', 'Tim', 'Jan', 'Moritz', 'Paul', 'Lena', 'Mia'],
    last: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Wagner', 'Becker', 'Hoffmann', 'Koch', 'Richter'],
  },
  en: {
    first: ['Jack', 'Harry', 'Oliver', 'George', 'Charlie', 'Jamie', 'Liam', 'Connor', 'Ryan', 'Danny', 'Sophie', 'Ellie', 'Mason', 'Tyler'],
    last: ['Smith', 'Jones', 'Taylor', 'Brown', 'Walker', 'Wright', 'Robinson', 'Thompson', 'Hughes', 'Murphy', 'Kelly', 'Evans'],
  },
  es: {
    first: ['Pablo', 'Javi', 'Sergio', 'Álvaro', 'Diego', 'Iker', 'Raúl', 'Adrián', 'Lucía', 'Nacho', 'Mateo', 'Santi'],
    last: ['García', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Romero', 'Navarro', 'Torres', 'Ramos', 'Castillo', 'Herrera'],
  },
  pt: {
    first: ['João', 'Gabriel', 'Lucas', 'Rafael', 'Thiago', 'Bruno', 'Vinícius', 'Felipe', 'Caio', 'Rodrigo', 'Ana', 'Beatriz'],
    last: ['Silva', 'Santos', 'Oliveira', 'Souza', 'Pereira', 'Costa', 'Rodrigues', 'Almeida', 'Carvalho', 'Ferreira'],
  },
  it: {
    first: ['Luca', 'Marco', 'Alessandro', 'Andrea', 'Matteo', 'Francesco', 'Lorenzo', 'Davide', 'Giulia', 'Simone'],
    last: ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco'],
  },
  fr: {
    first: ['Hugo', 'Louis', 'Théo', 'Nathan', 'Enzo', 'Mathis', 'Antoine', 'Julien', 'Camille', 'Yanis', 'Karim'],
    last: ['Martin', 'Bernard', 'Dubois', 'Durand', 'Lefebvre', 'Moreau', 'Laurent', 'Girard', 'Fournier', 'Mercier'],
  },
  tr: {
    first: ['Mehmet', 'Emre', 'Burak', 'Can', 'Arda', 'Kerem', 'Yusuf', 'Oğuz', 'Efe', 'Hakan', 'Zeynep', 'Elif', 'Selin', 'Cenk'],
    last: ['Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Yıldız', 'Aydın', 'Öztürk', 'Arslan', 'Doğan', 'Kılıç', 'Aslan'],
  },
  ru: {
    first: ['Artem', 'Dmitry', 'Ivan', 'Maksim', 'Nikita', 'Sergey', 'Andriy', 'Oleksandr', 'Denys', 'Bohdan', 'Olga', 'Vlad'],
    last: ['Ivanov', 'Petrov', 'Smirnov', 'Kovalenko', 'Shevchenko', 'Bondarenko', 'Tkachenko', 'Morozov', 'Volkov', 'Melnyk'],
  },
  cz: {
    first: ['Jakub', 'Tomáš', 'Ondřej', 'Vojtěch', 'Martin', 'Marek', 'Patrik', 'Lukáš', 'Tereza', 'Filip'],
    last: ['Novák', 'Svoboda', 'Dvořák', 'Černý', 'Procházka', 'Kučera', 'Horváth', 'Varga', 'Kováč', 'Bartoš'],
  },
  nl: {
    first: ['Daan', 'Sem', 'Bram', 'Lars', 'Thijs', 'Ruben', 'Jesse', 'Milan', 'Femke', 'Stijn'],
    last: ['de Jong', 'Jansen', 'de Vries', 'van Dijk', 'Bakker', 'Visser', 'Smit', 'Meijer', 'Mulder', 'Peeters'],
  },
  ro: {
    first: ['Andrei', 'Alexandru', 'Mihai', 'Ionuț', 'Răzvan', 'Cosmin', 'Georgi', 'Nikolai', 'Nikos', 'Giorgos', 'Eleni'],
    last: ['Popescu', 'Ionescu', 'Dumitru', 'Stoica', 'Ivanov', 'Georgiev', 'Papadopoulos', 'Nikolaidis', 'Dimitrov', 'Stan'],
  },
  az: {
    first: ['Elvin', 'Rashad', 'Orkhan', 'Tural', 'Kamran', 'Nijat', 'Giorgi', 'Levan', 'Aram', 'Leyla'],
    last: ['Aliyev', 'Mammadov', 'Huseynov', 'Guliyev', 'Beridze', 'Kapanadze', 'Petrosyan', 'Hasanov', 'Ismayilov'],
  },
  ar: {
    first: ['Youssef', 'Omar', 'Karim', 'Amine', 'Hamza', 'Mehdi', 'Ali', 'Sami', 'Nour', 'Bilal'],
    last: ['Benali', 'El Amrani', 'Haddad', 'Mansour', 'Saleh', 'Bouzid', 'Chaouki', 'Nasser', 'Rahmani'],
  },
  af: {
    first: ['Chidi', 'Emeka', 'Kwame', 'Kofi', 'Tunde', 'Sadio', 'Moussa', 'Ibrahim', 'Amara', 'Victor'],
    last: ['Okafor', 'Mensah', 'Diallo', 'Traoré', 'Adeyemi', 'Nwosu', 'Boateng', 'Keita', 'Osei', 'Coulibaly'],
  },
} as const;

export type NameGroup = keyof typeof NAME_GROUPS;

/** Language group of each country used by the seed. */
export const COUNTRY_GROUP: Record<string, NameGroup> = {
  PL: 'pl', DE: 'de', AT: 'de', CH: 'de', GB: 'en', IE: 'en', US: 'en', CA: 'en', AU: 'en',
  ES: 'es', AR: 'es', MX: 'es', CO: 'es', CL: 'es', PT: 'pt', BR: 'pt', IT: 'it', FR: 'fr',
  BE: 'nl', NL: 'nl', TR: 'tr', CY: 'tr', UA: 'ru', RU: 'ru', BY: 'ru', LT: 'ru', CZ: 'cz',
  SK: 'cz', HU: 'cz', RO: 'ro', BG: 'ro', GR: 'ro', AZ: 'az', GE: 'az', AM: 'az', MA: 'ar',
  DZ: 'ar', TN: 'ar', EG: 'ar', NG: 'af', GH: 'af', SN: 'af', CI: 'af', ML: 'af', IN: 'en',
};

/** Country weights per server: Legacy is Polish-born, Royal sits in Europe/Istanbul, etc. */
export const COUNTRY_WEIGHTS: Record<'pl' | 'classic' | 'royal' | 'en', Record<string, number>> = {
  pl: { PL: 62, UA: 6, DE: 4, GB: 3, CZ: 3, SK: 2, LT: 2, IE: 1, NL: 2, US: 2, BY: 2, FR: 1, IT: 1, ES: 1, BR: 1, TR: 1, RO: 1, AT: 1, HU: 1 },
  classic: { BR: 14, PT: 8, ES: 9, IT: 8, FR: 8, DE: 7, GB: 7, PL: 6, AR: 5, MX: 4, US: 4, NL: 3, BE: 2, TR: 3, CO: 2, CL: 1, MA: 2, NG: 2, RO: 1, GR: 1, CH: 1, AU: 1, CA: 1, SN: 1 },
  royal: { TR: 38, AZ: 7, UA: 5, RO: 5, BG: 4, GR: 4, GE: 3, DE: 5, PL: 4, RU: 3, CY: 2, AM: 2, EG: 3, DZ: 2, TN: 2, BR: 3, FR: 2, NL: 2, GB: 2, IT: 2 },
  en: { GB: 40, IE: 8, US: 12, CA: 5, AU: 5, NG: 6, GH: 3, IN: 5, PL: 3, DE: 2, ES: 2, FR: 2, BR: 2, PT: 1, NL: 2, CI: 1, ML: 1 },
};

/** Words for made-up nicknames. */
export const NICK_ADJECTIVES = ['Silent', 'Iron', 'Golden', 'Crazy', 'Lucky', 'Swift', 'Dark', 'Royal', 'Wild', 'Red', 'Blue', 'Magic', 'Brave', 'Little', 'Big', 'Turbo', 'Mighty', 'Super', 'Frozen', 'Flying'];
export const NICK_NOUNS = ['Striker', 'Keeper', 'Wall', 'Winger', 'Captain', 'Dribbler', 'Boot', 'Tiger', 'Eagle', 'Wolf', 'Rocket', 'Maestro', 'Sniper', 'Falcon', 'Lion', 'Legend', 'Playmaker', 'Bomber', 'Panther', 'Shark'];
export const NICK_FOOTBALL = ['Goal', 'Gol', 'Kick', 'Pass', 'Volley', 'Header', 'Tiki', 'Nutmeg', 'Rabona', 'Chip', 'Panenka'];

/** Club-name material per server. */
export const CLUB_CITIES: Record<'pl' | 'classic' | 'royal' | 'en', string[]> = {
  pl: ['Warszawa', 'Kraków', 'Gdańsk', 'Poznań', 'Wrocław', 'Łódź', 'Lublin', 'Szczecin', 'Białystok', 'Rzeszów', 'Katowice', 'Bydgoszcz', 'Toruń', 'Opole', 'Kielce', 'Płock', 'Radom', 'Tarnów', 'Gliwice', 'Zabrze', 'Sopot', 'Olsztyn'],
  classic: ['Lisboa', 'Porto', 'Madrid', 'Sevilla', 'Milano', 'Napoli', 'Torino', 'Lyon', 'Marseille', 'Munich', 'Dortmund', 'London', 'Manchester', 'Rio', 'São Paulo', 'Buenos Aires', 'Rosario', 'Amsterdam', 'Rotterdam', 'Brussels', 'Ponta Delgada', 'Valencia', 'Bilbao', 'Bologna', 'Genova'],
  royal: ['İstanbul', 'Ankara', 'İzmir', 'Bursa', 'Trabzon', 'Antalya', 'Konya', 'Baku', 'Tbilisi', 'Bucharest', 'Sofia', 'Athens', 'Thessaloniki', 'Odesa', 'Varna', 'Kayseri', 'Samsun'],
  en: ['London', 'Leeds', 'Bristol', 'Dublin', 'Cardiff', 'Glasgow', 'Boston', 'Toronto', 'Sydney', 'Lagos', 'Accra', 'Brighton', 'Norwich', 'Oxford'],
};

export const CLUB_PATTERNS: Record<'pl' | 'classic' | 'royal' | 'en', string[]> = {
  pl: ['KS {city}', '{word} {city}', 'FC {city}', 'Orły {city}', 'Sparta {city}', 'Polonia {city}', 'Górnik {city}', '{city} Lions'],
  classic: ['FC {city}', 'Real {city}', 'Sporting {city}', 'Atlético {city}', 'AC {city}', 'Olympique {city}', '{city} United', 'Inter {city}', '{word} {city}'],
  royal: ['{city} Spor', '{city} Gücü', '{city}spor', 'Royal {city}', '{city} Kartalları', 'FK {city}', '{word} {city}', 'Dinamo {city}'],
  en: ['{city} United', '{city} City', '{city} Rovers', '{city} Athletic', 'AFC {city}', '{word} of {city}', '{city} Wanderers'],
};

export const CLUB_WORDS = ['Titans', 'Legion', 'Dragons', 'Warriors', 'Phoenix', 'Storm', 'Knights', 'Galacticos', 'Invincibles', 'Dynamo', 'Vikings', 'Spartans', 'Comets', 'Hurricanes', 'Falcons'];

/** Badge colours (`#rrggbb`). */
export const BADGE_COLORS = ['#d62828', '#003049', '#f77f00', '#fcbf49', '#2a9d8f', '#264653', '#e76f51', '#6a4c93', '#1982c4', '#8ac926', '#ff595e', '#ffca3a', '#0b6e4f', '#3a0ca3', '#7209b7', '#4361ee', '#f72585', '#06d6a0', '#118ab2', '#073b4c', '#9d0208', '#ffffff', '#111111', '#b08968'];
