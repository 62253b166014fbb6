import { gamePath, groupPath } from '../../../shared/links';

/**
 * Where a notification leads: its game's page, else the page of the turma it is about (a turma's aviso); nowhere when
 * it names neither, or its turma is gone (erased with its owner, decision 081).
 */
export function noticePath(notice: { gameId: number | null; groupSlug: string | null }): string | null {
  if (notice.gameId !== null) return gamePath(notice.gameId);
  return notice.groupSlug === null ? null : groupPath(notice.groupSlug);
}
