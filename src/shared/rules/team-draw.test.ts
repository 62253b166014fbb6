import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../test-support/seeded';
import { DEFAULT_LEVEL, drawTeams, levelOf, levelSpread, teamSizes } from './team-draw';

type Player = { id: number; level: number | null };

const players = (levels: (number | null)[]): Player[] => levels.map((level, index) => ({ id: index + 1, level }));

/** The most even spread by trying every assignment of players to teams with sizes differing by at most one. */
function bruteForceSpread(levels: number[], teamCount: number): number {
  let best = Infinity;
  const assignment: number[] = [];
  const visit = (index: number) => {
    if (index === levels.length) {
      const counts = Array.from({ length: teamCount }, (_, t) => assignment.filter((a) => a === t).length);
      if (Math.max(...counts) - Math.min(...counts) > 1) return;
      const totals = Array.from({ length: teamCount }, (_, t) =>
        levels.reduce((sum, level, i) => sum + (assignment[i] === t ? level : 0), 0),
      );
      best = Math.min(best, Math.max(...totals) - Math.min(...totals));
      return;
    }
    for (let t = 0; t < teamCount; t++) {
      assignment[index] = t;
      visit(index + 1);
    }
  };
  visit(0);
  return best;
}

function expectValidDraw(input: Player[], teams: Player[][], teamCount: number) {
  expect(teams).toHaveLength(teamCount);
  // Each player exactly once.
  expect(
    teams
      .flat()
      .map((p) => p.id)
      .sort((a, b) => a - b),
  ).toEqual(input.map((p) => p.id).sort((a, b) => a - b));
  const sizes = teams.map((team) => team.length);
  expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
}

describe('team draw', () => {
  it('splits sizes as evenly as possible, larger teams first', () => {
    expect(teamSizes(10, 2)).toEqual([5, 5]);
    expect(teamSizes(11, 3)).toEqual([4, 4, 3]);
    expect(teamSizes(3, 3)).toEqual([1, 1, 1]);
  });

  it('counts an unrated player at the default level', () => {
    expect(levelOf({ level: null })).toBe(DEFAULT_LEVEL);
    expect(levelSpread([[{ level: null }], [{ level: 5 }]])).toBe(5 - DEFAULT_LEVEL);
  });

  it('balances an obvious case: two strong and two weak players make two mixed teams', () => {
    const teams = drawTeams(players([5, 5, 1, 1]), 2, mulberry32(1));
    expect(teams.map((team) => team.map((p) => p.level))).toEqual([
      [5, 1],
      [5, 1],
    ]);
  });

  it('refuses fewer than two teams or more teams than players', () => {
    expect(() => drawTeams(players([3, 3]), 3, mulberry32(1))).toThrow(RangeError);
    expect(() => drawTeams(players([3, 3]), 1, mulberry32(1))).toThrow(RangeError);
  });

  it('is deterministic for one random source and varies between sources among equally even draws', () => {
    const input = players([3, 3, 3, 3, 3, 3]);
    const ids = (seed: number) => drawTeams(input, 2, mulberry32(seed)).map((team) => team.map((p) => p.id).sort((a, b) => a - b));
    expect(ids(7)).toEqual(ids(7));
    const distinct = new Set(Array.from({ length: 30 }, (_, seed) => JSON.stringify(ids(seed).sort((a, b) => a[0]! - b[0]!))));
    expect(distinct.size).toBeGreaterThan(5);
  });

  it('property: over many random inputs every player is drawn once, sizes differ by at most one, and small inputs are as even as brute force finds', () => {
    const random = mulberry32(2026);
    const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
    let comparedWithBruteForce = 0;
    for (let run = 0; run < 400; run++) {
      const count = int(2, run % 4 === 0 ? 30 : 9);
      const input = players(Array.from({ length: count }, () => (random() < 0.2 ? null : int(1, 5))));
      const teamCount = int(2, Math.min(8, count));
      const teams = drawTeams(input, teamCount, mulberry32(run));
      expectValidDraw(input, teams, teamCount);
      if (teamCount ** count <= 200_000) {
        expect(levelSpread(teams), JSON.stringify({ levels: input.map(levelOf), teamCount })).toBe(
          bruteForceSpread(input.map(levelOf), teamCount),
        );
        comparedWithBruteForce++;
      }
      if (count % teamCount === 0) {
        // With equal sizes no swap can help once the gap is at most the widest level difference.
        expect(levelSpread(teams)).toBeLessThanOrEqual(4);
      }
    }
    expect(comparedWithBruteForce).toBeGreaterThan(200);
  });

  it('large games still come out even: 50 players in 2 to 8 teams', () => {
    const random = mulberry32(99);
    const input = players(Array.from({ length: 50 }, () => 1 + Math.floor(random() * 5)));
    for (let teamCount = 2; teamCount <= 8; teamCount++) {
      const teams = drawTeams(input, teamCount, mulberry32(teamCount));
      expectValidDraw(input, teams, teamCount);
      expect(levelSpread(teams)).toBeLessThanOrEqual(teamCount === 2 || 50 % teamCount === 0 ? 1 : 5);
    }
  });
});
