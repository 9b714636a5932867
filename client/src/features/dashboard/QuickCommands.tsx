import { useNavigate } from 'react-router-dom';

import { Panel } from '../../ui/Panel';

interface QuickCommandsProps {
  pendingCredits: number;
  onValidate?: () => void;
  onUploadBmi?: () => void;
}

export function QuickCommands({ pendingCredits, onValidate, onUploadBmi }: QuickCommandsProps) {
  const navigate = useNavigate();
  return (
    <Panel title="QUICK_COMMANDS">
      <div className="quick-commands">
        <button type="button" className="btn btn--primary" onClick={() => void navigate('/workouts')}>
          START_TRAINING
        </button>
        <button type="button" className="btn btn--secondary" onClick={onUploadBmi}>
          UPLOAD_BMI
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={onValidate}
          disabled={pendingCredits === 0}
          aria-describedby={pendingCredits === 0 ? 'validate-proof-reason' : undefined}
        >
          VALIDATE_PROOF
        </button>
        {pendingCredits === 0 && (
          <span id="validate-proof-reason" className="quick-commands__reason muted">
            No pending credits to validate: complete a workout first
          </span>
        )}
        <button type="button" className="btn btn--secondary" onClick={() => void navigate('/credits')}>
          CHECK_CREDITS
        </button>
      </div>
    </Panel>
  );
}
