// The trend charts: tumour markers and labs over time with therapy lines, and the RECIST sum of diameters.
export { Charts, type ChartsProps } from './Charts';
export { RecistChart } from './RecistChart';
export { type TrendSeries, trendSeries } from './series';
export { type TherapyLine, therapyLines } from './therapy-lines';
