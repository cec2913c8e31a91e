import { lazy } from 'react';

// One chunk for all charts: each page asks for the charts it shows, and they all come from that chunk.
const load = () => import('./AnalyticsCharts');

export const DailyLineChart = lazy(() => load().then((module) => ({ default: module.DailyLineChart })));
export const LikeRatioBarChart = lazy(() => load().then((module) => ({ default: module.LikeRatioBarChart })));
