// An evidence-level badge (OncoKB-style 1–4, R1/R2) whose colour and tooltip say how strong the evidence is.
import type { ReactNode } from 'react';
import type { Level } from '../../../common/contracts/tools';
import { LEVEL_MEANING } from '../../workup/findings';

/**
 * Shows one evidence level.
 * @param props - The level.
 * @returns The badge.
 */
export function LevelBadge({ level }: { level: Level }): ReactNode {
  const tier = level.startsWith('R') ? 'r' : level[0];
  return (
    <abbr className={`level-badge level-${tier}`} title={LEVEL_MEANING[level]} data-testid="level-badge">
      Level {level}
    </abbr>
  );
}
