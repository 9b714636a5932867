import type { WorkoutView } from '@contract';

import { Dialog } from '../../ui/Dialog';

interface ReplaceSessionDialogProps {
  workout: WorkoutView;
  onKeep: () => void;
  onReplace: () => void;
}

/** Asked before a new workout replaces a session under way: its ticks and start would be lost. */
export function ReplaceSessionDialog({ workout, onKeep, onReplace }: ReplaceSessionDialogProps) {
  return (
    <Dialog title="REPLACE_ACTIVE_SESSION" onClose={onKeep}>
      <p>
        <strong>{workout.name}</strong> is under way: {workout.ticked.length} of {workout.exercises.length} exercises
        ticked.
      </p>
      <p className="muted">
        A new workout replaces it. Its ticks are lost and it can no longer be completed for credits.
      </p>
      <div className="dialog__actions">
        <button type="button" className="btn btn--ghost" onClick={onKeep}>
          KEEP_SESSION
        </button>
        <button type="button" className="btn btn--primary" onClick={onReplace}>
          REPLACE_SESSION
        </button>
      </div>
    </Dialog>
  );
}
