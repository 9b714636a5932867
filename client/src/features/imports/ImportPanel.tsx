import type { ImportResult } from '@contract';
import { useState } from 'react';

import { describeError } from '../../api/api';
import { newJobKey, useJobProgress } from '../../api/jobs';
import { useToast } from '../../app/toast/useToast';
import { Panel } from '../../ui/Panel';
import { ProgressBar } from '../../ui/ProgressBar';
import { useExportHistoryMutation, useImportHistoryMutation } from './importsApi';

/** Bring history from Strong or Hevy (exercises the catalogue does not know are mapped here), and take the log out. */
export function ImportPanel({ userId, units }: { userId: string; units: 'kg' | 'lb' }) {
  const { toast } = useToast();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [unit, setUnit] = useState(units);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [result, setResult] = useState<ImportResult | null>(null);
  const [jobKey, setJobKey] = useState<string | null>(null);
  const [send, sending] = useImportHistoryMutation();
  const [download] = useExportHistoryMutation();
  const progress = useJobProgress(userId, jobKey, sending.isLoading, 'imports');

  async function run() {
    if (!file) return;
    const key = newJobKey();
    setJobKey(key);
    try {
      const answer = await send({ csv: file.text, units: unit, mapping, jobKey: key }).unwrap();
      setResult(answer);
      if (answer.status === 'imported')
        toast({ title: 'History Imported', description: `${answer.imported} sets in ${answer.workouts} workouts.` });
    } catch (error) {
      toast({ ...describeError(error, 'Import Failed'), variant: 'destructive' });
    }
  }

  async function save(layout: 'strong' | 'hevy') {
    try {
      const csv = await download(layout).unwrap();
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
      link.download = `sweat-credits-${layout}.csv`;
      link.click();
      URL.revokeObjectURL(link.href);
    } catch (error) {
      toast({ ...describeError(error, 'Export Failed'), variant: 'destructive' });
    }
  }

  return (
    <Panel title="BRING_YOUR_HISTORY">
      <p>Import a CSV export from Strong or Hevy into your log. Imported sessions earn no credits.</p>
      <div className="programs__actions">
        <label>
          CSV_FILE{' '}
          <input
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              setResult(null);
              setMapping({});
              if (!chosen) return;
              const reader = new FileReader();
              reader.onload = () => setFile({ name: chosen.name, text: String(reader.result) });
              reader.readAsText(chosen);
            }}
          />
        </label>
        <label>
          UNITS{' '}
          <select value={unit} onChange={(event) => setUnit(event.target.value as 'kg' | 'lb')}>
            <option value="kg">kg</option>
            <option value="lb">lb</option>
          </select>
        </label>
        <button
          type="button"
          className="btn btn--primary"
          disabled={!file || sending.isLoading}
          onClick={() => void run()}
        >
          {result?.status === 'needs_mapping' ? 'IMPORT_WITH_MAPPING' : 'IMPORT'}
        </button>
      </div>
      {sending.isLoading && <ProgressBar label="Import progress" value={progress} />}
      {result?.status === 'needs_mapping' && (
        <div>
          <p>These exercises are not in the catalogue: type the catalogue exercise each one is, or skip it.</p>
          <ul className="programs__list">
            {result.unmatched.map((u) => (
              <li key={u.name}>
                <label>
                  {u.name} ({u.sets} sets){' '}
                  <input
                    aria-label={`Map ${u.name}`}
                    placeholder="e.g. Barbell Overhead Press, or skip"
                    value={mapping[u.name] ?? ''}
                    onChange={(event) => setMapping({ ...mapping, [u.name]: event.target.value })}
                  />
                </label>
              </li>
            ))}
          </ul>
        </div>
      )}
      {result?.status === 'imported' && (
        <p data-testid="import-summary">
          IMPORTED {result.imported} SETS · {result.workouts} WORKOUTS
          {result.alreadyImported ? ` · ${result.alreadyImported} ALREADY_IN_LOG` : ''}
          {result.skippedRows.length
            ? ` · ${result.skippedRows.length} ROWS_SKIPPED (${result.skippedRows.map((r) => `line ${r.line}: ${r.reason}`).join('; ')})`
            : ''}
        </p>
      )}
      <div className="programs__actions">
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void save('strong')}>
          EXPORT_STRONG_CSV
        </button>
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void save('hevy')}>
          EXPORT_HEVY_CSV
        </button>
      </div>
    </Panel>
  );
}
