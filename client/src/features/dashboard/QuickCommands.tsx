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
        <button type="button" className="btn btn--primary" onClick={() => navigate('/workouts')}>
          START_TRAINING
        </button>
        <button type="button" className="btn btn--secondary" onClick={onUploadBmi}>
          UPLOAD_BMI
        </button>
        <button type="button" className="btn btn--secondary" onClick={onValidate} disabled={pendingCredits === 0}>
          VALIDATE_PROOF
        </button>
        <button type="button" className="btn btn--secondary" onClick={() => navigate('/credits')}>
          CHECK_CREDITS
        </button>
      </div>
    </Panel>
  );
}
