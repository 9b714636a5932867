import './charts.css';

export { BarChart } from './BarChart';
export { LineChart } from './LineChart';
export type { ChartPoint, ChartProps } from './scale';
