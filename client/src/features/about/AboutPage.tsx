import { PageHeader } from '../../ui/PageHeader';
import { Panel } from '../../ui/Panel';

import './about.css';

const ROADMAP = [
  { name: 'MOBILE_APPS', text: 'Native iOS and Android apps with offline sessions and proof capture from the camera.' },
  {
    name: 'HEALTH_TRACKER_SYNC',
    text: 'Steps, heart rate and workouts from Apple Health, Google Fit and popular wearables, credited automatically.',
  },
];

export default function AboutPage() {
  return (
    <div className="about">
      <PageHeader title="ABOUT_SWEAT_CREDITS" subtitle="The product vision" />

      <Panel title="MISSION">
        <p>
          Consistency is the hardest part of getting fit. Sweat Credits rewards it: every workout you finish and every
          day you prove your activity earns Fitness Credits, and an AI coach builds the next session around your body
          and your goals.
        </p>
      </Panel>

      <Panel title="CREDITS_AS_A_STAKE">
        <p>
          Credits are more than points. As the platform grows, Fitness Credits act as your stake in its revenue: the
          people whose effort makes the community valuable share in what it earns. Every credit is recorded on an exact
          ledger, so your balance is always accounted for.
        </p>
      </Panel>

      <Panel title="ROADMAP" aside={<span className="tag">COMING_SOON</span>}>
        <ul className="about__roadmap">
          {ROADMAP.map((item) => (
            <li key={item.name}>
              <span className="about__roadmap-name">{item.name}</span>
              <span>{item.text}</span>
            </li>
          ))}
        </ul>
      </Panel>
    </div>
  );
}
