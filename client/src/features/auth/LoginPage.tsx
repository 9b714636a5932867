import { useState } from 'react';

import { useGetConfigQuery } from '../../api/configApi';
import { useAppDispatch } from '../../app/hooks';
import { BoltIcon } from '../../ui/icons';
import { MAIN_CONTENT_ID } from '../../ui/mainContent';
import { signInWithPhantom } from './walletSignIn';

import './login.css';

const FEATURES = [
  { name: 'AI_WORKOUTS', text: 'Sessions generated for your training type, difficulty and time.' },
  { name: 'EARN_CREDITS', text: 'Finish workouts and prove daily activity to earn Fitness Credits.' },
  { name: 'PURCHASE_WITH_SOL', text: 'Top up your balance with SOL, paid on the Solana network.' },
  { name: 'BMI_TRACKING', text: 'Log height and weight or let AI read your body-scan report.' },
  { name: 'ACHIEVEMENTS', text: 'Streaks, badges and a profile rank that grow with every session.' },
];

/** Starts X sign-in; the server sends the browser back with `?token=` or `?error=`. */
const X_SIGN_IN_PATH = '/api/auth/twitter';

export default function LoginPage() {
  const dispatch = useAppDispatch();
  const { data: config } = useGetConfigQuery();
  const [connecting, setConnecting] = useState(false);

  const connectWallet = async () => {
    setConnecting(true);
    try {
      await dispatch(signInWithPhantom());
    } finally {
      setConnecting(false);
    }
  };

  const xAvailable = config?.twitterLogin ?? false;

  return (
    <main className="login" id={MAIN_CONTENT_ID} tabIndex={-1}>
      <div className="login__grid">
        <section className="login__intro">
          <p className="login__brand">
            <span className="logo__mark">
              <BoltIcon />
            </span>
            <span>
              SWEAT<span className="logo__accent">_CREDITS</span>
            </span>
          </p>
          <h1 className="login__headline">
            TRAIN.
            <br />
            PROVE IT.
            <br />
            <span className="accent">EARN.</span>
          </h1>
          <p className="login__blurb">
            Sweat Credits turns effort into Fitness Credits. AI builds your workouts and coaches you, daily proof
            validates the work, and every credit you earn or spend lands on an exact ledger.
          </p>
        </section>

        <section className="login__card panel" aria-labelledby="access-title">
          <header className="panel__header">
            <h2 id="access-title" className="panel__title">
              SYSTEM_ACCESS
            </h2>
            <span className="tag">SECURE</span>
          </header>
          <div className="panel__body login__actions">
            <p className="muted">Sign in with your wallet: you sign a one-time message, no transaction and no fee.</p>
            <button
              type="button"
              className="btn btn--primary btn--block"
              onClick={() => void connectWallet()}
              disabled={connecting}
            >
              {connecting ? 'CONNECTING...' : 'CONNECT_PHANTOM_WALLET'}
            </button>
            <div className="login__divider" aria-hidden="true">
              <span>OR</span>
            </div>
            <button
              type="button"
              className="btn btn--secondary btn--block"
              onClick={() => window.location.assign(X_SIGN_IN_PATH)}
              disabled={!xAvailable}
            >
              SIGN_IN_WITH_X
            </button>
            {config && !xAvailable && <p className="login__note">X sign-in is not configured on this server.</p>}
          </div>
        </section>

        <ul className="login__features" aria-label="Features">
          {FEATURES.map((feature) => (
            <li key={feature.name}>
              <span className="login__feature-name">{feature.name}</span>
              <span className="login__feature-text">{feature.text}</span>
            </li>
          ))}
        </ul>
      </div>

      <p className="login__powered">
        POWERED BY <strong>SOLANA</strong>
        {config && <> ({config.solanaCluster.toUpperCase()})</>} × <strong>{config?.aiEngine ?? 'AI'}</strong>
      </p>
    </main>
  );
}
