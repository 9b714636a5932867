import type { BmiAnalysis, UploadUrlResponse } from '@contract';
import { useState } from 'react';

import type { ApiError } from '../../api/api';
import { newJobKey, useJobProgress } from '../../api/jobs';
import { useHoldUpdate } from '../../app/appUpdate';
import { useToast } from '../../app/toast/useToast';
import { Dialog } from '../../ui/Dialog';
import { useGetUserQuery } from '../auth/authApi';
import { formatHeight, formatWeight } from '../profile/units';
import { useUnits } from '../profile/useUnits';
import { REPORT_FORMATS, REPORT_MAX_SIZE } from './bmi.logic';
import { useAnalyzeBmiReportMutation, useCreateBmiUploadUrlMutation } from './bmiApi';
import { ReportPicker } from './ReportPicker';

import './bmi.css';
import './bmi-upload.css';

type Step = { name: 'pick' } | { name: 'analyzing'; jobKey: string } | { name: 'done'; analysis: BmiAnalysis };

/** BMI_REPORT_UPLOAD (docs/product.md): pick a file, analyse it, show the result; a failure returns to the picker. */
export default function BmiUploadDialog({ onClose }: { onClose: () => void }) {
  const { toast } = useToast();
  const { data: user } = useGetUserQuery();
  const [createUploadUrl] = useCreateBmiUploadUrlMutation();
  const [analyze] = useAnalyzeBmiReportMutation();
  const [step, setStep] = useState<Step>({ name: 'pick' });
  // A new key mounts a fresh, empty picker after a failure.
  const [attempt, setAttempt] = useState(0);
  // Why the last attempt failed, in the picker's or the server's words, under the product’s short toast.
  const [failure, setFailure] = useState<string | null>(null);
  const analyzing = step.name === 'analyzing';
  const progress = useJobProgress(user?.id, analyzing ? step.jobKey : null, analyzing);
  // The upload and the analysis' result live only here: a new build's reload waits.
  useHoldUpdate();

  const backToPicker = (reason: string | undefined) => {
    setFailure(reason ?? null);
    setAttempt((n) => n + 1);
    setStep({ name: 'pick' });
  };

  async function getUploadUrl(file: { size: number }): Promise<UploadUrlResponse> {
    try {
      return await createUploadUrl(file).unwrap();
    } catch (error) {
      // The server's reason (e.g. 413 too large) when it gave one, the product’s words otherwise.
      throw new Error((error as Partial<ApiError>).detail ?? 'Failed to get upload URL', { cause: error });
    }
  }

  async function analyzeReport(fileUrl: string) {
    const jobKey = newJobKey();
    setStep({ name: 'analyzing', jobKey });
    setFailure(null);
    try {
      const analysis = await analyze({ fileUrl, jobKey }).unwrap();
      setStep({ name: 'done', analysis });
      toast({ title: 'Analysis Complete', description: 'Your BMI report has been analyzed successfully' });
    } catch (error) {
      toast({ title: 'Analysis Failed', description: 'Failed to analyze your BMI report', variant: 'destructive' });
      backToPicker((error as Partial<ApiError>).detail);
    }
  }

  function uploadFailed(reason?: string) {
    toast({ title: 'Upload Failed', description: 'Please try again', variant: 'destructive' });
    backToPicker(reason);
  }

  return (
    <Dialog title="BMI_REPORT_UPLOAD" onClose={onClose}>
      <div className="bmi-upload">
        {step.name === 'done' ? (
          <AnalysisResult analysis={step.analysis} onClose={onClose} />
        ) : (
          <>
            <ul className="bmi-upload__facts">
              <li>
                Formats: <strong>{REPORT_FORMATS}</strong> · max <strong>{REPORT_MAX_SIZE}</strong>
              </li>
              <li>Reports: BMI test, InBody scan, DEXA scan</li>
              <li className="accent">Upload a report every month to improve your profile rank.</li>
            </ul>
            {analyzing ? (
              <div className="bmi-upload__analyzing" role="status">
                <span>ANALYZING_REPORT... {progress ?? 0}%</span>
                <progress max={100} value={progress ?? 0} aria-label="Analysis progress" />
              </div>
            ) : (
              <>
                {failure && (
                  <p className="bmi-upload__failure" role="status">
                    {failure}
                  </p>
                )}
                <ReportPicker
                  key={attempt}
                  getUploadUrl={getUploadUrl}
                  onUploaded={(url) => void analyzeReport(url)}
                  onFailed={uploadFailed}
                />
              </>
            )}
          </>
        )}
      </div>
    </Dialog>
  );
}

function AnalysisResult({ analysis, onClose }: { analysis: BmiAnalysis; onClose: () => void }) {
  const units = useUnits();
  const stats: Array<[string, string]> = [['BMI', analysis.bmiValue.toFixed(1)]];
  if (analysis.bodyFatPercentage !== undefined) stats.push(['BODY_FAT', `${analysis.bodyFatPercentage.toFixed(1)}%`]);
  if (analysis.muscleMass !== undefined) stats.push(['MUSCLE_MASS', formatWeight(analysis.muscleMass, units)]);
  // What the report stated and the profile now holds.
  if (analysis.height !== undefined) stats.push(['HEIGHT', formatHeight(analysis.height, units)]);
  if (analysis.weight !== undefined) stats.push(['WEIGHT', formatWeight(analysis.weight, units)]);
  return (
    <div className="bmi-result" aria-live="polite">
      <dl className="bmi-stats">
        {stats.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className="accent" data-testid={`result-${label}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="bmi-result__analysis">{analysis.analysis}</p>
      <h3 className="bmi-result__heading">RECOMMENDATIONS</h3>
      <ul className="bmi-result__list">
        {analysis.recommendations.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
      {/* The picker it replaces is gone: focus comes here rather than falling to the page. */}
      <button type="button" className="btn btn--primary btn--block" onClick={onClose} autoFocus>
        CLOSE
      </button>
    </div>
  );
}
