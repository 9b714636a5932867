import type { BmiRecordView, UserView } from '@contract';
import { type FormEvent, useState } from 'react';

import { type ApiError, describeError } from '../../api/api';
import { INPUT_REFUSALS } from '../../api/errorTitles';
import { useToast } from '../../app/toast/useToast';
import { LineChart } from '../../ui/charts';
import { formatDate } from '../../ui/dates';
import { Panel } from '../../ui/Panel';
import { useGetUserQuery } from '../auth/authApi';
import { formatHeight, formatWeight, readNumber, weightIn, weightUnit } from '../profile/units';
import { bmiResultText, bmiSeries, decimalInput, formatTrend, summarizeBmi } from './bmi.logic';
import { useCalculateBmiMutation, useConfirmBmiReportMutation, useGetBmiRecordsQuery } from './bmiApi';

import './bmi.css';

/** The progress page's body metrics: BMI analytics, the calculator and the BMI / weight trends. */
export default function BmiProgressSection() {
  const { data: user } = useGetUserQuery();
  const { data: records = [] } = useGetBmiRecordsQuery(user?.id ?? '', { skip: !user });
  const summary = summarizeBmi(records);
  const series = bmiSeries(records);
  const units = user?.units ?? 'metric';
  const weights = series.weight.map((point) => ({ ...point, value: weightIn(point.value, units) }));

  return (
    <section className="bmi-section" aria-label="Body metrics">
      <Panel title="BMI_ANALYTICS">
        {summary ? (
          <dl className="bmi-stats">
            <div>
              <dt>CURRENT_BMI</dt>
              <dd className="accent" data-testid="bmi-current">
                {summary.current.bmi.toFixed(1)}
              </dd>
            </div>
            <div>
              <dt>CATEGORY</dt>
              <dd data-testid="bmi-category">{summary.current.category.toUpperCase()}</dd>
            </div>
            <div>
              <dt>TREND</dt>
              <dd data-testid="bmi-trend">{summary.trend === null ? '—' : formatTrend(summary.trend)}</dd>
            </div>
            <div>
              <dt>RECORDS</dt>
              <dd data-testid="bmi-count">{summary.count}</dd>
            </div>
          </dl>
        ) : (
          <p className="progress-empty">NO_BMI_DATA</p>
        )}
        {summary?.current.source === 'report' && <ReportFigures report={summary.current} profile={user} />}
      </Panel>

      <Panel title="BMI_CALCULATOR">
        <BmiCalculator
          userId={user?.id}
          initialHeight={user?.height}
          initialWeight={user?.weight}
          imperial={units === 'imperial'}
        />
      </Panel>

      {series.bmi.length > 1 && (
        <div className="progress__charts">
          <Panel title="BMI_TREND">
            <LineChart points={series.bmi} ariaLabel="BMI over time" />
          </Panel>
          <Panel title="WEIGHT_TREND">
            {weights.length > 1 ? (
              <LineChart points={weights} ariaLabel="Weight over time" unit={weightUnit(units)} />
            ) : (
              <p className="progress-empty">NO_WEIGHT_DATA</p>
            )}
          </Panel>
        </div>
      )}
    </section>
  );
}

interface BmiCalculatorProps {
  userId: string | undefined;
  initialHeight: number | null | undefined;
  initialWeight: number | null | undefined;
  /** docs/product.md fixes the calculator in cm and kg; an imperial user also sees what they typed in feet and pounds. */
  imperial: boolean;
}

/** "= 5 FT 11 IN" beside a metric field, for a value that reads as a number. */
function ImperialEcho({ id, typed, format }: { id: string; typed: string; format: (value: number) => string }) {
  const value = readNumber(typed);
  return (
    <span id={id} className="muted bmi-calculator__echo">
      {value === null || Number.isNaN(value) ? ' ' : `= ${format(value)}`}
    </span>
  );
}

/** docs/product.md: the server checks the values and answers the exact toast texts; success shows the result. */
function BmiCalculator({ userId, initialHeight, initialWeight, imperial }: BmiCalculatorProps) {
  const { toast } = useToast();
  const [calculate, { isLoading, data: result }] = useCalculateBmiMutation();
  const [height, setHeight] = useState(initialHeight == null ? '' : String(initialHeight));
  const [weight, setWeight] = useState(initialWeight == null ? '' : String(initialWeight));

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const answer = await calculate({ height: decimalInput(height), weight: decimalInput(weight), userId }).unwrap();
      toast({ title: 'BMI Calculated Successfully!', description: bmiResultText(answer.bmi, answer.category) });
    } catch (error) {
      // A refused measurement carries the product’s own title and text ('Invalid Height' / …); anything else is the generic failure.
      const code = (error as ApiError).code;
      const invalid = code !== undefined && INPUT_REFUSALS[code] === true;
      const { title, description } = invalid
        ? describeError(error, 'Invalid Input')
        : { title: 'Error', description: 'Failed to calculate BMI. Please try again.' };
      toast({ title, description, variant: 'destructive' });
    }
  }

  return (
    <form className="bmi-calculator" onSubmit={(event) => void submit(event)} noValidate>
      <label className="field">
        <span className="field-label">HEIGHT (CM)</span>
        <input
          className="input"
          inputMode="numeric"
          value={height}
          onChange={(e) => setHeight(e.target.value)}
          placeholder="180"
          aria-describedby={imperial ? 'bmi-height-echo' : undefined}
        />
        {imperial && <ImperialEcho id="bmi-height-echo" typed={height} format={(cm) => formatHeight(cm, 'imperial')} />}
      </label>
      <label className="field">
        <span className="field-label">WEIGHT (KG)</span>
        <input
          className="input"
          inputMode="decimal"
          value={weight}
          onChange={(e) => setWeight(e.target.value)}
          placeholder="75.5"
          aria-describedby={imperial ? 'bmi-weight-echo' : undefined}
        />
        {imperial && <ImperialEcho id="bmi-weight-echo" typed={weight} format={(kg) => formatWeight(kg, 'imperial')} />}
      </label>
      <button type="submit" className="btn btn--primary" disabled={isLoading}>
        {isLoading ? 'CALCULATING...' : 'CALCULATE_BMI'}
      </button>
      {result && (
        <p className="bmi-calculator__result" data-testid="bmi-result">
          BMI <strong className="accent">{result.bmi.toFixed(1)}</strong> · {result.category.toUpperCase()}
        </p>
      )}
    </form>
  );
}

/**
 * A report's BMI is the report's own (it may disagree with its height and weight): said so, with its
 * date; its figures reach the profile only when they agree, or when the member takes them here.
 */
function ReportFigures({ report, profile }: { report: BmiRecordView; profile: UserView | undefined }) {
  const [confirm, { isLoading }] = useConfirmBmiReportMutation();
  const differs =
    (report.height !== null && report.height !== profile?.height) ||
    (report.weight !== null && report.weight !== profile?.weight);
  return (
    <p className="bmi-source muted">
      <span data-testid="bmi-source">The report's own BMI, {formatDate(report.createdAt)}</span>
      {differs && (
        <button
          type="button"
          className="btn btn--small btn--secondary"
          disabled={isLoading}
          onClick={() => void confirm(report.id)}
        >
          USE_REPORT_FIGURES
        </button>
      )}
    </p>
  );
}
