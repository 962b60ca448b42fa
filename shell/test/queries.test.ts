/** The page server data (spec §3 field names) as the stats strip and the layout read it. */
import { statsFromAnswer } from '../src/data/queries';

test('stats are mapped from the API field names (spec §3)', () => {
  expect(statsFromAnswer({ users: 10, teams: 2, online_users: 3 })).toEqual({ registeredUsers: 10, numberOfTeams: 2, onlineUsers: 3 });
});
