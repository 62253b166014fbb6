import { formatWeekdayDateTime } from '../dates';
import { messages } from '../messages';

/**
 * The game-day team draw (decision 029): every player in exactly one team, team sizes differing by at
 * most one, the teams' level totals as even as the levels allow (the smallest gap between the strongest
 * and the weakest team), and among equally even draws, any of them at random.
 */

export const MIN_TEAMS = 2;
export const MAX_TEAMS = 8;
export const MIN_LEVEL = 1;
export const MAX_LEVEL = 5;
/** A player the organiser has not rated counts as the middle of the scale. */
export const DEFAULT_LEVEL = 3;

/** A number in [0, 1), like Math.random; tests pass a seeded one. */
export type RandomSource = () => number;

type Leveled = { level: number | null };

export const levelOf = (player: Leveled): number => player.level ?? DEFAULT_LEVEL;

export const teamTotal = (team: readonly Leveled[]): number => team.reduce((sum, player) => sum + levelOf(player), 0);

/** The gap between the strongest and the weakest team: what the draw makes as small as it can. */
export function levelSpread(teams: readonly (readonly Leveled[])[]): number {
  const totals = teams.map(teamTotal);
  return Math.max(...totals) - Math.min(...totals);
}

/** How many players each team gets, the larger teams first: sizes differ by at most one. */
export function teamSizes(playerCount: number, teamCount: number): number[] {
  const base = Math.floor(playerCount / teamCount);
  const larger = playerCount % teamCount;
  return Array.from({ length: teamCount }, (_, index) => base + (index < larger ? 1 : 0));
}

const pick = <T>(items: readonly T[], random: RandomSource): T => items[Math.min(items.length - 1, Math.floor(random() * items.length))]!;

function shuffle<T>(items: readonly T[], random: RandomSource): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** Up to this many players every split is tried; beyond it, a local search with restarts. */
const EXACT_UP_TO = 10;
const RESTARTS = 48;

type Split = number[][];

/** Every split of the levels into teams of the given sizes, keeping all the most even ones. */
function exactSplits(levels: readonly number[], sizes: readonly number[]): Split[] {
  const teams: number[][] = sizes.map(() => []);
  const totals = sizes.map(() => 0);
  let best = Infinity;
  let optimal: Split[] = [];
  const place = (index: number) => {
    if (index === levels.length) {
      const spread = Math.max(...totals) - Math.min(...totals);
      if (spread < best) {
        best = spread;
        optimal = [];
      }
      if (spread === best) optimal.push(teams.map((team) => [...team]));
      return;
    }
    for (let t = 0; t < teams.length; t++) {
      if (teams[t]!.length === sizes[t]) continue;
      // Empty teams of the same size are interchangeable: only the first of them is tried.
      if (teams[t]!.length === 0 && teams.some((other, o) => o < t && other.length === 0 && sizes[o] === sizes[t])) continue;
      teams[t]!.push(index);
      totals[t]! += levels[index]!;
      place(index + 1);
      teams[t]!.pop();
      totals[t]! -= levels[index]!;
    }
  };
  place(0);
  return optimal;
}

/** Strongest first into the weakest team with room, then swaps between teams while they bring the totals closer. */
function localSearchSplit(levels: readonly number[], sizes: readonly number[], random: RandomSource): Split {
  const order = shuffle(
    levels.map((_, index) => index),
    random,
  ).sort((a, b) => levels[b]! - levels[a]!);
  const teams: number[][] = sizes.map(() => []);
  const totals = sizes.map(() => 0);
  for (const index of order) {
    const open = teams.map((_, t) => t).filter((t) => teams[t]!.length < sizes[t]!);
    const lowest = Math.min(...open.map((t) => totals[t]!));
    const t = pick(
      open.filter((o) => totals[o] === lowest),
      random,
    );
    teams[t]!.push(index);
    totals[t]! += levels[index]!;
  }
  // A swap that brings two totals closer lowers the sum of squares; it ends at a local optimum.
  let improved = true;
  while (improved) {
    improved = false;
    for (let a = 0; a < teams.length; a++) {
      for (let b = a + 1; b < teams.length; b++) {
        for (let i = 0; i < teams[a]!.length; i++) {
          for (let j = 0; j < teams[b]!.length; j++) {
            const delta = levels[teams[a]![i]!]! - levels[teams[b]![j]!]!;
            const gap = totals[a]! - totals[b]!;
            if (delta > 0 ? delta < gap : delta < 0 && -delta < -gap) {
              [teams[a]![i], teams[b]![j]] = [teams[b]![j]!, teams[a]![i]!];
              totals[a]! -= delta;
              totals[b]! += delta;
              improved = true;
            }
          }
        }
      }
    }
  }
  return teams;
}

const spreadOfSplit = (split: Split, levels: readonly number[]) => {
  const totals = split.map((team) => team.reduce((sum, index) => sum + levels[index]!, 0));
  return Math.max(...totals) - Math.min(...totals);
};

function bestSplit(levels: readonly number[], sizes: readonly number[], random: RandomSource): Split {
  if (levels.length <= EXACT_UP_TO) return pick(exactSplits(levels, sizes), random);
  const total = levels.reduce((sum, level) => sum + level, 0);
  // No split beats equal totals (or totals one apart when they cannot be equal).
  const floor = total % sizes.length === 0 ? 0 : 1;
  let best: Split | undefined;
  let bestSpread = Infinity;
  for (let restart = 0; restart < RESTARTS && bestSpread > floor; restart++) {
    const split = localSearchSplit(levels, sizes, random);
    const spread = spreadOfSplit(split, levels);
    if (spread < bestSpread) {
      best = split;
      bestSpread = spread;
    }
  }
  return best!;
}

/**
 * Draws `teamCount` teams from the players. Each team's players come strongest first; the teams come in
 * a random order. Throws a RangeError for fewer than two teams or more teams than players (callers
 * check first and answer the user).
 */
export function drawTeams<P extends Leveled>(players: readonly P[], teamCount: number, random: RandomSource): P[][] {
  if (!Number.isInteger(teamCount) || teamCount < MIN_TEAMS || teamCount > players.length) {
    throw new RangeError(`cannot draw ${teamCount} teams from ${players.length} players`);
  }
  // Shuffled first, so players of equal level land in a different team each draw.
  const shuffled = shuffle(players, random);
  const levels = shuffled.map(levelOf);
  const split = bestSplit(levels, teamSizes(shuffled.length, teamCount), random);
  return shuffle(
    split.map((team) => team.map((index) => shuffled[index]!).sort((a, b) => levelOf(b) - levelOf(a))),
    random,
  );
}

/**
 * The draw as text for a group chat: the game and its weekday, then each team with its players (walk-ins too), names
 * only (levels stay with the organiser).
 */
export function teamsShareText(
  game: { name: string; dateTime: Date | string; timeZone: string },
  teams: readonly { name: string; players: readonly { name: string; level: number | null }[] }[],
): string {
  const m = messages.gameDay;
  const blocks = teams.map((team) => [team.name, ...team.players.map((player) => `- ${player.name}`)].join('\n'));
  return [m.shareTitle(game.name, formatWeekdayDateTime(game.dateTime, game.timeZone)), ...blocks].join('\n\n');
}
