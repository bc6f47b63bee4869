// All supported AJCC 8th edition stage tables, by site.
import { COLORECTAL } from './colorectal';
import { INTRAHEPATIC_BILE_DUCT } from './intrahepatic-bile-duct';
import { LIVER } from './liver';
import { LUNG } from './lung';
import { PANCREAS } from './pancreas';
import type { SiteTable, TnmSite } from './types';

export { SITES, type SiteTable, type StageRow, type TnmSite } from './types';

export const TABLES: Readonly<Record<TnmSite, SiteTable>> = {
  colorectal: COLORECTAL,
  lung: LUNG,
  pancreas: PANCREAS,
  liver: LIVER,
  intrahepatic_bile_duct: INTRAHEPATIC_BILE_DUCT,
};
